/// A field of a struct, response, error or request.
public struct ModelField: Sendable, Hashable {
    /// Where a request field is sent.
    public enum Placement: String, Sendable, Hashable {
        /// A path parameter, a query item, a header, or a body field.
        case path, query, header, body
    }

    /// The name in the `.http` file.
    public let idlName: String
    /// The Swift property name (lowerCamelCase, unescaped).
    public let swiftName: String
    /// The wire name: JSON key, query key, header name or form field name.
    public let wireKey: String
    /// The type.
    public let type: ModelType
    /// Whether the property is optional (no `REQUIRED`, no `DEFAULT`, not a path parameter).
    public let isOptional: Bool
    /// The `DEFAULT` value, already checked against the type.
    public let defaultValue: ModelDefault?
    /// `///` lines.
    public let doc: [String]
    /// Request placement (`.body` for non-request fields).
    public let placement: Placement
    /// Whether the field needs heap storage because its struct type is recursive.
    public let isIndirect: Bool
    /// `QUERY(STYLE)`: how an array or object query field is written.
    public var queryStyle: QueryStyle? = nil
}
