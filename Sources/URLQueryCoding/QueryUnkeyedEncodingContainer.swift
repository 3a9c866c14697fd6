/// Unkeyed container of `QueryValueEncoder`: appends elements to an array of the tree.
struct QueryUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let tree: QueryEncodingTree
    let node: Int
    /// The last element type found to have no scalar form: an array's elements are usually all of one
    /// type, so the next ones skip the type checks of `encodedScalar`.
    private var compositeType: ObjectIdentifier?

    init(tree: QueryEncodingTree, node: Int) {
        self.tree = tree
        self.node = node
    }

    var codingPath: [any CodingKey] { tree.codingPath(of: node) }
    var count: Int { tree.elementCount(of: node) }

    private var encoder: QueryValueEncoder { QueryValueEncoder(tree: tree, node: node) }
    private var nextKey: QueryCodingKey { QueryCodingKey(index: count) }

    @inline(__always)
    private func append(_ value: QueryEncodedValue) { tree.appendElement(value, to: node) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.scalar(tree.context.format(value))) }
    mutating func encode(_ value: String) throws { append(.scalar(value)) }
    mutating func encode(_ value: Double) throws {
        let key = nextKey
        append(.scalar(try tree.context.format(value, codingPath: { encoder.codingPath(appending: key) })))
    }
    mutating func encode(_ value: Float) throws {
        let key = nextKey
        append(.scalar(try tree.context.format(value, codingPath: { encoder.codingPath(appending: key) })))
    }
    mutating func encode(_ value: Int) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: Int8) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: Int16) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: Int32) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: Int64) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: UInt) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: UInt8) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: UInt16) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: UInt32) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: UInt64) throws { append(QueryEncodedValue(integer: value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        let type = ObjectIdentifier(T.self)
        if type != compositeType {
            if let scalar = try tree.context.encodedScalar(for: value, codingPath: { encoder.codingPath(appending: key) }) {
                append(scalar)
                return
            }
            compositeType = type
        }
        append(try encoder.boxElement(value, index: count) ?? .null)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = tree.addNode(parent: node, index: count, kind: .object)
        append(.object(child))
        return KeyedEncodingContainer(QueryKeyedEncodingContainer<NestedKey>(tree: tree, node: child))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = tree.addNode(parent: node, index: count, kind: .array)
        append(.array(child))
        return QueryUnkeyedEncodingContainer(tree: tree, node: child)
    }

    mutating func superEncoder() -> any Encoder {
        let child = tree.addNode(parent: node, index: count, kind: .none)
        append(.deferred(child))
        return QueryValueEncoder(tree: tree, node: child)
    }
}
