import Foundation
#if canImport(Combine)
import Combine
#endif

/// A drop-in replacement for Foundation's `JSONDecoder` that lets plain synthesized `Codable` types accept
/// what real servers send: integers as strings (`"123"`), integral doubles (`123.0`), booleans as
/// `1`/`"true"`, and dates in several ISO-8601 forms — while real type errors still fail with the full
/// coding path.
///
/// ```swift
/// struct UserDTO: Codable { let userId: Int; let name: String }
/// let user = try FlexibleJSONDecoder().decode(UserDTO.self, from: Data(#"{"userId":"123","name":"kim"}"#.utf8))
/// // user.userId == 123
/// ```
///
/// It parses with its own byte-level parser into a compact tree whose numbers stay as source text until
/// the target type is known, so `Int64`/`UInt64`/`Decimal` keep every digit. Malformed JSON throws
/// `DecodingError.dataCorrupted` whose `underlyingError` is a `JSONParseError` with line and column.
/// `numberDecodingStrategy = .strict` gives `JSONDecoder`'s behaviour for numbers.
public struct FlexibleJSONDecoder: Sendable {
    /// How integers and floating-point values may be spelled. Default: `.flexible`.
    public var numberDecodingStrategy: NumberDecodingStrategy = .flexible
    /// Whether a number with a non-zero fraction may be decoded into an integer type. Default: `.reject`.
    public var fractionalIntegerPolicy: FractionalIntegerPolicy = .reject
    /// How `Bool` values may be spelled. Default: `.flexible`.
    public var boolDecodingStrategy: BoolDecodingStrategy = .flexible
    /// How `Date` values are decoded. Default: `.deferredToDate`, as `JSONDecoder`.
    public var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
    /// How `Data` values are decoded. Default: `.base64`.
    public var dataDecodingStrategy: DataDecodingStrategy = .base64
    /// How the strings `"Infinity"`/`"NaN"` map to floating-point values. Default: `.throw`.
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
    /// How JSON object keys map to `CodingKey`s. Default: `.useDefaultKeys`.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    /// Values handed to every `Decodable` type through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// Arrays and objects nested deeper than this throw `JSONParseError.Reason.nestingTooDeep`
    /// instead of exhausting the stack. Default: 512.
    public var maximumNestingDepth: Int = 512

    /// Creates a decoder with the default (flexible) strategies.
    public init() {}

    /// Decodes a value of type `T` from JSON.
    ///
    /// - Throws: `DecodingError` — `.dataCorrupted` with a `JSONParseError` underneath for malformed
    ///   JSON (truncated input, trailing garbage, invalid UTF-8, nesting too deep), otherwise the same
    ///   cases `JSONDecoder` throws, each with the full coding path.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: data, maximumDepth: maximumNestingDepth)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON: \(error)", underlyingError: error))
        }
        let decoder = JSONTreeDecoder(document: document, configuration: self, path: [], node: 0)
        return try decoder.decodeValue(T.self, at: 0, depth: 0, suffix: [], component: { nil })
    }
}

extension FlexibleJSONDecoder {
    /// The error type describing malformed JSON (`JSONParseError`).
    public typealias ParseError = JSONParseError
}

#if canImport(Combine)
/// Lets Combine pipelines use `.decode(type:decoder: FlexibleJSONDecoder())`.
extension FlexibleJSONDecoder: TopLevelDecoder {}
#endif
