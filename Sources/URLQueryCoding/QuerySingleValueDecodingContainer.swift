/// Single-value container of `QueryValueDecoder`: converts the one value stored in a node.
struct QuerySingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: QueryValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.node == nil }

    private func convert<T>(_ type: T.Type, _ parse: (String) -> T?) throws -> T {
        let text = try decoder.scalarText(type)
        guard let value = parse(text) else {
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a valid \(type)."
            ))
        }
        return value
    }

    func decode(_ type: Bool.Type) throws -> Bool { try convert(type, decoder.context.bool) }
    func decode(_ type: String.Type) throws -> String { try decoder.scalarText(type) }
    func decode(_ type: Double.Type) throws -> Double { try convert(type, decoder.context.double) }
    func decode(_ type: Float.Type) throws -> Float { try convert(type, decoder.context.float) }
    func decode(_ type: Int.Type) throws -> Int { try convert(type) { Int($0) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try convert(type) { Int8($0) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try convert(type) { Int16($0) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try convert(type) { Int32($0) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try convert(type) { Int64($0) } }
    func decode(_ type: UInt.Type) throws -> UInt { try convert(type) { UInt($0) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try convert(type) { UInt8($0) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try convert(type) { UInt16($0) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try convert(type) { UInt32($0) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try convert(type) { UInt64($0) } }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}
