/// The `Encoder` behind `URLQueryEncoder`: one per nested value. It is also the storage of the
/// object or array it encodes, so the tree is made of encoders.
///
/// The coding path is a chain of `parent` links, built into an array only when asked for. A parent
/// holds its children (through `entries`/`elements`); a child's link back is `unowned`, so the tree has
/// no reference cycle and is freed with its root, with no pass over it to cut links and no retain of
/// the parent per child. While encoding runs every ancestor is alive (the root is held by
/// `URLQueryEncoder`, and each encoder by its parent or by the call that is encoding into it).
final class QueryValueEncoder: Encoder {
    /// What this encoder holds.
    enum Kind {
        case none
        case scalar(String)
        case object
        case array
    }

    /// Deeper than this is refused (a reference cycle in a class graph would otherwise recurse until
    /// the stack overflows). No server parser reads anywhere near this depth.
    static let maximumDepth = 128

    let context: QueryEncodingContext
    unowned let parent: QueryValueEncoder?
    let key: (any CodingKey)?
    /// How many encoders are above this one.
    let depth: Int
    var kind: Kind = .none
    // Exclusivity is unchecked on the two hot storages: they are only mutated by this module's
    // containers and walker, never while another access to the same storage is in progress (values
    // are computed before `append` starts, and the walker reads after encoding ends).
    @exclusivity(unchecked) var entries = QueryNodeStorage<QueryEncodedEntry>()
    @exclusivity(unchecked) var elements = QueryNodeStorage<QueryEncodedValue>()

    init(context: QueryEncodingContext, parent: QueryValueEncoder? = nil, key: (any CodingKey)? = nil) {
        self.context = context
        self.parent = parent
        self.key = key
        self.depth = (parent?.depth ?? -1) + 1
    }

    deinit {
        entries.release()
        elements.release()
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var node: QueryValueEncoder? = self
        while let current = node {
            if let key = current.key { path.append(key) }
            node = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    /// What this encoder holds as a tree value (`nil` for nothing).
    var encodedValue: QueryEncodedValue? {
        switch kind {
        case .none: nil
        case .scalar(let string): .scalar(string)
        case .object: .object(self)
        case .array: .array(self)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = kind {} else {
            kind = .object
            entries.reserveCapacity(8)
        }
        return KeyedEncodingContainer(QueryKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = kind {} else {
            kind = .array
            elements.reserveCapacity(8)
        }
        return QueryUnkeyedEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        QuerySingleValueEncodingContainer(encoder: self)
    }

    /// A child encoder under `key`, already holding an object or an array (for nested containers).
    func child(key: any CodingKey, kind: Kind) -> QueryValueEncoder {
        let child = QueryValueEncoder(context: context, parent: self, key: key)
        child.kind = kind
        return child
    }

    /// The coding path with one more key, built lazily for error messages.
    func codingPath(appending key: any CodingKey) -> [any CodingKey] {
        codingPath + [key]
    }

    /// Encodes a nested value found under `key` and returns what it wrote (`nil` for nothing).
    func box<T: Encodable>(_ value: T, key: any CodingKey) throws -> QueryEncodedValue? {
        if let scalar = try context.encodedScalar(for: value, codingPath: { self.codingPath(appending: key) }) {
            return scalar
        }
        return try boxComposite(value, key: key)
    }

    /// `box` for a value known to have no scalar form: encoded by its own `encode(to:)` in a child encoder.
    func boxComposite<T: Encodable>(_ value: T, key: any CodingKey) throws -> QueryEncodedValue? {
        guard depth < Self.maximumDepth else {
            throw URLQueryEncoder.EncodingError.invalidValue(
                codingPath: codingPath(appending: key),
                reason: "nesting deeper than \(Self.maximumDepth) levels (a reference cycle?)"
            )
        }
        let child = QueryValueEncoder(context: context, parent: self, key: key)
        try child.encodeContents(value)
        return child.encodedValue
    }

    /// Runs `value.encode(to:)` on this encoder, refusing a dictionary whose keys are not strings (the
    /// standard library writes those as a flat `[key, value, …]` array).
    func encodeContents<T: Encodable>(_ value: T) throws {
        try value.encode(to: self)
        if case .array = kind, !Self.isScalarArray(T.self), T.self is any QueryDictionaryMarker.Type {
            throw URLQueryEncoder.EncodingError.nonStringDictionaryKey(codingPath: codingPath)
        }
    }

    /// Whether `type` is an array of a common scalar: a few identity comparisons that spare those
    /// arrays the costlier conformance lookup telling a dictionary from an array. The identities are
    /// looked up once (`[String].self` in generic code asks the runtime for the metadata every time).
    @inline(__always)
    static func isScalarArray<T>(_ type: T.Type) -> Bool {
        let identity = ObjectIdentifier(type)
        return identity == scalarArrays.string || identity == scalarArrays.int
            || identity == scalarArrays.double || identity == scalarArrays.bool
    }

    /// The identities `isScalarArray` compares with.
    private static let scalarArrays = (
        string: ObjectIdentifier([String].self), int: ObjectIdentifier([Int].self),
        double: ObjectIdentifier([Double].self), bool: ObjectIdentifier([Bool].self)
    )
}
