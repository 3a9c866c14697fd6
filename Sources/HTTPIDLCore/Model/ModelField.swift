/// A field of a struct, response, error or request.
///
/// The strings, type, default and doc lines are kept in one shared immutable box: analysis and generation
/// copy fields often (into request, query and body lists), and a copy then costs one retain instead of one
/// per string and array. Equality and hashing compare the values, as for any struct.
package struct ModelField: Sendable, Hashable {
    /// Where a request field is sent.
    package enum Placement: String, Sendable, Hashable {
        /// A path parameter, a query item, a header, or a body field.
        case path, query, header, body
    }

    /// Which way a `STRUCT` field travels (`READONLY`, `WRITEONLY`).
    package enum Direction: Sendable, Hashable {
        /// Both ways: encoded and decoded.
        case both
        /// Only from the server: decoded, never encoded.
        case readOnly
        /// Only to the server: encoded, and optional when decoded.
        case writeOnly
    }

    /// The values that hold references, shared by the copies of a field (never changed after `init`).
    private final class Storage: Sendable {
        let idlName: String
        let swiftName: String
        /// `swiftName` in backticks when it is a Swift keyword (the generator writes it several times).
        let escapedSwiftName: String
        let wireKey: String
        let type: ModelType
        let defaultValue: ModelDefault?
        let doc: [String]

        init(idlName: String, swiftName: String, wireKey: String, type: ModelType, defaultValue: ModelDefault?, doc: [String]) {
            self.idlName = idlName
            self.swiftName = swiftName
            escapedSwiftName = Naming.escaped(swiftName)
            self.wireKey = wireKey
            self.type = type
            self.defaultValue = defaultValue
            self.doc = doc
        }
    }

    private let storage: Storage

    /// The name in the `.http` file.
    package var idlName: String { storage.idlName }
    /// The Swift property name (lowerCamelCase, unescaped).
    package var swiftName: String { storage.swiftName }
    /// The Swift property name as an identifier: in backticks when it is a Swift keyword.
    var escapedSwiftName: String { storage.escapedSwiftName }
    /// The wire name: JSON key, query key, header name or form field name.
    package var wireKey: String { storage.wireKey }
    /// The type.
    package var type: ModelType { storage.type }
    /// Whether the property is optional (no `REQUIRED`, no `DEFAULT`, not a path parameter).
    package let isOptional: Bool
    /// The `DEFAULT` value, already checked against the type.
    package var defaultValue: ModelDefault? { storage.defaultValue }
    /// `///` lines.
    package var doc: [String] { storage.doc }
    /// Request placement (`.body` for non-request fields).
    package let placement: Placement
    /// Whether the field needs heap storage because its struct type is recursive.
    package let isIndirect: Bool
    /// `NULLABLE`: sent as `null` on purpose, distinct from absent (a `Nullable<T>` property).
    package let isNullable: Bool
    /// `READONLY`/`WRITEONLY`: which way the field travels.
    package let direction: Direction
    /// `QUERY(STYLE)`: how an array or object query field is written.
    package var queryStyle: QueryStyle? = nil

    /// Creates a field.
    init(idlName: String, swiftName: String, wireKey: String, type: ModelType, isOptional: Bool, defaultValue: ModelDefault?,
         doc: [String], placement: Placement, isIndirect: Bool, isNullable: Bool = false, direction: Direction = .both, queryStyle: QueryStyle? = nil) {
        storage = Storage(idlName: idlName, swiftName: swiftName, wireKey: wireKey, type: type, defaultValue: defaultValue, doc: doc)
        self.isOptional = isOptional
        self.placement = placement
        self.isIndirect = isIndirect
        self.isNullable = isNullable
        self.direction = direction
        self.queryStyle = queryStyle
    }

    /// Fields are equal when all their values are.
    package static func == (lhs: ModelField, rhs: ModelField) -> Bool {
        guard lhs.isOptional == rhs.isOptional, lhs.placement == rhs.placement, lhs.isIndirect == rhs.isIndirect,
              lhs.isNullable == rhs.isNullable, lhs.direction == rhs.direction, lhs.queryStyle == rhs.queryStyle else { return false }
        if lhs.storage === rhs.storage { return true }
        return lhs.idlName == rhs.idlName && lhs.swiftName == rhs.swiftName && lhs.wireKey == rhs.wireKey && lhs.type == rhs.type
            && lhs.defaultValue == rhs.defaultValue && lhs.doc == rhs.doc
    }

    /// Hashes every value.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(idlName)
        hasher.combine(swiftName)
        hasher.combine(wireKey)
        hasher.combine(type)
        hasher.combine(isOptional)
        hasher.combine(defaultValue)
        hasher.combine(doc)
        hasher.combine(placement)
        hasher.combine(isIndirect)
        hasher.combine(isNullable)
        hasher.combine(direction)
        hasher.combine(queryStyle)
    }
}
