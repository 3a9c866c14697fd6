/// The `Encoder` behind `URLQueryEncoder`: one per nested value, a tree and the index of the node it
/// encodes into. A struct of two words, so handing it to `encode(to:)` as `any Encoder` allocates
/// nothing; the tree (shared by every encoder and container of one `encode` call) holds the values.
struct QueryValueEncoder: Encoder {
    let tree: QueryEncodingTree
    let node: Int

    var codingPath: [any CodingKey] { tree.codingPath(of: node) }

    var userInfo: [CodingUserInfoKey: Any] { tree.context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        tree.makeObject(node)
        return KeyedEncodingContainer(QueryKeyedEncodingContainer<Key>(tree: tree, node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        tree.makeArray(node)
        return QueryUnkeyedEncodingContainer(tree: tree, node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        QuerySingleValueEncodingContainer(encoder: self)
    }

    /// The coding path with one more key, built lazily for error messages.
    func codingPath(appending key: any CodingKey) -> [any CodingKey] {
        codingPath + [key]
    }

    /// Encodes a nested value found under `key` and returns what it wrote (`nil` for nothing).
    func box<T: Encodable>(_ value: T, key: any CodingKey) throws -> QueryEncodedValue? {
        if let scalar = try tree.context.encodedScalar(for: value, codingPath: { self.codingPath(appending: key) }) {
            return scalar
        }
        return try boxComposite(value, key: key)
    }

    /// `box` for a value known to have no scalar form: encoded by its own `encode(to:)` into a new node.
    func boxComposite<T: Encodable>(_ value: T, key: any CodingKey) throws -> QueryEncodedValue? {
        try checkDepth(below: key)
        return try encodeChild(value, node: tree.addNode(parent: node, key: key, kind: .none))
    }

    /// `boxComposite` for the element at `index` of this array.
    func boxElement<T: Encodable>(_ value: T, index: Int) throws -> QueryEncodedValue? {
        try checkDepth(below: QueryCodingKey(index: index))
        return try encodeChild(value, node: tree.addNode(parent: node, index: index, kind: .none))
    }

    private func checkDepth(below key: @autoclosure () -> any CodingKey) throws {
        guard tree.depth(of: node) < QueryEncodingTree.maximumDepth else {
            throw URLQueryEncoder.EncodingError.invalidValue(
                codingPath: codingPath(appending: key()),
                reason: "nesting deeper than \(QueryEncodingTree.maximumDepth) levels (a reference cycle?)"
            )
        }
    }

    private func encodeChild<T: Encodable>(_ value: T, node child: Int) throws -> QueryEncodedValue? {
        try QueryValueEncoder(tree: tree, node: child).encodeContents(value)
        return tree.encodedValue(of: child)
    }

    /// Runs `value.encode(to:)` on this encoder, refusing a dictionary whose keys are not strings (the
    /// standard library writes those as a flat `[key, value, …]` array).
    func encodeContents<T: Encodable>(_ value: T) throws {
        try value.encode(to: self)
        if case .array = tree.kind(of: node), !Self.isScalarArray(T.self), T.self is any QueryDictionaryMarker.Type {
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
