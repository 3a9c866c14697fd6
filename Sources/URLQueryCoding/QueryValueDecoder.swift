import Foundation

/// The `Decoder` behind `URLQueryDecoder`: reads one node of the parsed query.
final class QueryValueDecoder: Decoder {
    /// Why `node` may be `nil`, so the error names the right thing.
    enum Missing {
        /// The top level without `rootKey:`; a scalar or array cannot be read here.
        case root
        /// No value under this key.
        case key(any CodingKey)
        /// A gap in an indexed array (`a[0]=x&a[2]=y`).
        case element
        /// An optional nested object under `.flattened` being tried: only an object can be read.
        case flattenedOptional(any CodingKey)
    }

    let context: QueryDecodingContext
    let node: QueryDecodingNode?
    let codingPath: [any CodingKey]
    /// Under `.flattened`, the level whose keys nested objects read.
    let flattenedLevel: QueryDecodingNode?
    let missing: Missing

    init(
        context: QueryDecodingContext, node: QueryDecodingNode?, codingPath: [any CodingKey],
        flattenedLevel: QueryDecodingNode?, missing: Missing
    ) {
        self.context = context
        self.node = node
        self.codingPath = codingPath
        self.flattenedLevel = flattenedLevel
        self.missing = missing
    }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    private var isRoot: Bool {
        if case .root = missing { return true }
        return false
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if context.options.objectDecodingStrategy == .flattened, let flattenedLevel {
            return KeyedDecodingContainer(QueryKeyedDecodingContainer<Key>(decoder: self, level: flattenedLevel))
        }
        guard let node else {
            return KeyedDecodingContainer(QueryKeyedDecodingContainer<Key>(decoder: self, level: QueryDecodingNode()))
        }
        if !node.values.isEmpty {
            if node.children.isEmpty {
                throw DecodingError.typeMismatch([String: String].self, DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Expected nested keys (an object) but found a plain value."
                ))
            }
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "The query has both a plain value and nested keys here."
            ))
        }
        return KeyedDecodingContainer(QueryKeyedDecodingContainer<Key>(decoder: self, level: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if isRoot {
            throw DecodingError.typeMismatch([String].self, DecodingError.Context(
                codingPath: codingPath, debugDescription: "A top-level array needs rootKey: to name it."
            ))
        }
        if node == nil, case .flattenedOptional = missing { throw missingError([String].self) }
        return QueryUnkeyedDecodingContainer(decoder: self, elements: try elements())
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        QuerySingleValueDecodingContainer(decoder: self)
    }

    /// A decoder for the value under `key` of `level`.
    func child(
        _ key: any CodingKey, node: QueryDecodingNode?, level: QueryDecodingNode, flattenedOptional: Bool = false
    ) -> QueryValueDecoder {
        QueryValueDecoder(
            context: context, node: node, codingPath: codingPath + [key],
            flattenedLevel: context.options.objectDecodingStrategy == .flattened ? level : nil,
            missing: flattenedOptional ? .flattenedOptional(key) : .key(key)
        )
    }

    /// Decodes `T` here, reading `Date`, `Data`, `URL`, `UUID` and `Decimal` from their text form.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Date.self {
            let text = try scalarText(T.self)
            if let value = try context.date(text, at: codingPath) as? T { return value }
            throw corrupted("'\(text)' is not a date in the configured format.")
        }
        if T.self == Data.self {
            let text = try scalarText(T.self)
            if let value = try context.data(text) as? T { return value }
            throw corrupted("'\(text)' is not valid base64.")
        }
        if T.self == URL.self {
            let text = try scalarText(T.self)
            if let value = URL(string: text) as? T { return value }
            throw corrupted("'\(text)' is not a valid URL.")
        }
        if T.self == UUID.self {
            let text = try scalarText(T.self)
            if let value = UUID(uuidString: text) as? T { return value }
            throw corrupted("'\(text)' is not a UUID.")
        }
        if T.self == Decimal.self {
            let text = try scalarText(T.self)
            if let value = context.decimal(text) as? T { return value }
            throw DecodingError.typeMismatch(Decimal.self, DecodingError.Context(
                codingPath: codingPath, debugDescription: "'\(text)' is not a decimal number."
            ))
        }
        return try T(from: self)
    }

    /// The one value stored here.
    func scalarText(_ type: Any.Type) throws -> String {
        if isRoot {
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: "A top-level scalar needs rootKey: to name it."
            ))
        }
        guard let node else { throw missingError(type) }
        if !node.children.isEmpty {
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected a single value but found nested keys."
            ))
        }
        guard node.values.count == 1 else {
            if node.values.isEmpty { throw missingError(type) }
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected a single value but found \(node.values.count)."
            ))
        }
        return node.values[0]
    }

    func missingError(_ type: Any.Type) -> DecodingError {
        switch missing {
        case .key(let key), .flattenedOptional(let key):
            DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: Array(codingPath.dropLast()), debugDescription: "No value for key '\(key.stringValue)'."
            ))
        case .element, .root:
            DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected a value but found none."
            ))
        }
    }

    func corrupted(_ description: String) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    /// The elements of an array stored here: indexed children, repeated values, or split values.
    private func elements() throws -> QueryArrayElements {
        guard let node else { return QueryArrayElements(dense: []) }
        if !node.children.isEmpty {
            if !node.values.isEmpty {
                throw corrupted("The query has both plain values and indexed elements here.")
            }
            // `Int.max` itself is excluded so the element count (highest index + 1) always fits in an `Int`.
            let maximumIndex = min(context.options.maximumArrayIndex, Int.max - 1)
            var indexed: [Int: QueryDecodingNode] = [:]
            indexed.reserveCapacity(node.children.count)
            var highest = -1
            for (key, child) in node.children {
                guard let index = Int(key), index >= 0, String(index) == key else {
                    throw DecodingError.typeMismatch([String].self, DecodingError.Context(
                        codingPath: codingPath, debugDescription: "Expected an array but found the key '\(key)'."
                    ))
                }
                guard index <= maximumIndex else {
                    throw corrupted("The array index \(index) is larger than maximumArrayIndex (\(maximumIndex)).")
                }
                highest = max(highest, index)
                indexed[index] = child
            }
            guard context.takeGaps(highest + 1 - indexed.count) else {
                throw corrupted("The arrays of this query miss more than maximumArrayIndex (\(maximumIndex)) elements in all.")
            }
            return QueryArrayElements(sparse: indexed, highestIndex: highest)
        }
        if let delimiter = context.delimiter {
            return QueryArrayElements(dense: node.values.flatMap { value in
                value.split(separator: delimiter, omittingEmptySubsequences: false).map { QueryDecodingNode(values: [String($0)]) }
            })
        }
        return QueryArrayElements(dense: node.values.map { QueryDecodingNode(values: [$0]) })
    }
}
