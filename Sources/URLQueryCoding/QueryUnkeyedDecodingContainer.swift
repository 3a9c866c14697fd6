/// Unkeyed container of `QueryValueDecoder`: reads array elements in order (`nil` marks a gap).
struct QueryUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: QueryValueDecoder
    let elements: QueryArrayElements
    private(set) var currentIndex = 0

    init(decoder: QueryValueDecoder, elements: QueryArrayElements) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private func elementDecoder() -> QueryValueDecoder {
        QueryValueDecoder(
            context: decoder.context, node: elements[currentIndex],
            codingPath: decoder.codingPath + [QueryCodingKey(index: currentIndex)], flattenedLevel: nil, missing: .element
        )
    }

    private mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: decoder.codingPath + [QueryCodingKey(index: currentIndex)],
                debugDescription: "The array has no more elements."
            ))
        }
        let value = try elementDecoder().decodeValue(type)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == nil else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        guard !isAtEnd else { throw endError() }
        let container = try elementDecoder().container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard !isAtEnd else { throw endError() }
        let container = try elementDecoder().unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        guard !isAtEnd else { throw endError() }
        let element = elementDecoder()
        currentIndex += 1
        return element
    }

    private func endError() -> DecodingError {
        DecodingError.valueNotFound(Any.self, DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "The array has no more elements."
        ))
    }
}
