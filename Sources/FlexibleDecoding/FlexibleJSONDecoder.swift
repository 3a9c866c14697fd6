import Foundation
#if canImport(Combine)
import Combine
#endif

/// A drop-in replacement for Foundation's `JSONDecoder` that lets plain synthesized `Codable` types accept
/// what real servers send: integers as strings (`"123"`), integral doubles (`123.0`), booleans as
/// `1`/`"true"`, and (with `dateDecodingStrategy = .iso8601`; the default is `JSONDecoder`'s) dates in several
/// ISO-8601 forms — while real type errors still fail with the full coding path.
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
    /// How integers and floating-point values may be spelled. Default: `.flexible`, because servers that
    /// quote numbers (`"123"`) are the reason to use this decoder; `.strict` restores `JSONDecoder`'s rules.
    public var numberDecodingStrategy: NumberDecodingStrategy = .flexible
    /// Whether a number with a non-zero fraction may be decoded into an integer type. Default: `.reject`,
    /// so `123.5` into `Int` throws `dataCorrupted` instead of silently losing the fraction.
    public var fractionalIntegerPolicy: FractionalIntegerPolicy = .reject
    /// How `Bool` values may be spelled. Default: `.flexible`, accepting the `1`/`0` and `"true"` spellings
    /// that PHP- and database-backed APIs send; anything else still throws `typeMismatch`.
    public var boolDecodingStrategy: BoolDecodingStrategy = .flexible
    /// How `Date` values are decoded. Default: `.deferredToDate`, as `JSONDecoder`, so switching decoders
    /// never changes what a date means; most web APIs want `.iso8601`.
    public var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
    /// How `Data` values are decoded. Default: `.base64`, as `JSONDecoder`; invalid Base64 throws
    /// `dataCorrupted`.
    public var dataDecodingStrategy: DataDecodingStrategy = .base64
    /// How the strings `"Infinity"`/`"NaN"` map to floating-point values. Default: `.throw`, as
    /// `JSONDecoder`: standard JSON has no spelling for them, so only opt in for a server that sends one.
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
    /// How JSON object keys map to `CodingKey`s. Default: `.useDefaultKeys` (keys matched exactly), as
    /// `JSONDecoder`.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    /// Values handed to every `Decodable` type through `Decoder.userInfo`, for context a custom
    /// `init(from:)` needs (a tenant, an API version). `Sendable` so the decoder itself stays `Sendable`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// Arrays and objects nested deeper than this throw `JSONParseError.Reason.nestingTooDeep`
    /// instead of exhausting the stack. Default: 512, deep enough for real documents and shallow enough
    /// that a hostile body cannot crash the process; raise it only for trusted input.
    public var maximumNestingDepth: Int = 512

    /// Creates a decoder with the default strategies: flexible numbers and booleans, fractions rejected,
    /// and otherwise `JSONDecoder`'s defaults. A value type: configure a copy per use without locking.
    public init() {}

    /// Decodes a value of type `T` from JSON.
    ///
    /// The whole body is parsed once into a compact tree before decoding starts, so memory grows with the
    /// input size; numbers stay text until their target type is known, which is what keeps large integers
    /// and `Decimal` exact.
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
    /// The error type describing malformed JSON (``JSONParseError``), so code can name it through the
    /// decoder it came from.
    public typealias ParseError = JSONParseError
}

#if canImport(Combine)
/// Lets Combine pipelines use `.decode(type:decoder: FlexibleJSONDecoder())`.
extension FlexibleJSONDecoder: TopLevelDecoder {}
#endif
