/// The `Encoder` behind `URLQueryEncoder`: one per nested value, writing into `QueryEncodedValue`.
/// The coding path is kept as a parent chain and only built when asked for (errors, `codingPath`).
final class QueryValueEncoder: Encoder {
    let context: QueryEncodingContext
    let parent: QueryValueEncoder?
    let key: (any CodingKey)?
    /// What `encode(to:)` wrote; `nil` while nothing (or only `nil`) was written.
    var value: QueryEncodedValue?

    init(context: QueryEncodingContext, parent: QueryValueEncoder? = nil, key: (any CodingKey)? = nil) {
        self.context = context
        self.parent = parent
        self.key = key
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

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: QueryEncodedObject
        if case .object(let existing)? = value {
            object = existing
        } else {
            object = QueryEncodedObject()
            value = .object(object)
        }
        return KeyedEncodingContainer(QueryKeyedEncodingContainer<Key>(encoder: self, object: object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: QueryEncodedArray
        if case .array(let existing)? = value {
            array = existing
        } else {
            array = QueryEncodedArray()
            value = .array(array)
        }
        return QueryUnkeyedEncodingContainer(encoder: self, array: array)
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
        if let scalar = try context.scalar(for: value, codingPath: { self.codingPath(appending: key) }) {
            return .scalar(scalar)
        }
        let child = QueryValueEncoder(context: context, parent: self, key: key)
        try value.encode(to: child)
        if case .array? = child.value, T.self is any QueryDictionaryMarker.Type {
            throw URLQueryEncoder.EncodingError.nonStringDictionaryKey(codingPath: child.codingPath)
        }
        return child.value
    }
}
