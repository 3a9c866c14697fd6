import Foundation

/// Decodes JSON tolerantly (the client's default): integers sent as `"123"` or `123.0` decode into `Int`
/// fields of plain synthesized `Codable` types; a real type error still fails with its coding path.
///
/// ```swift
/// var flexible = FlexibleJSONDecoder()
/// flexible.keyDecodingStrategy = .convertFromSnakeCase
/// let decoder = JSONResponseDecoder(decoder: flexible)
/// ```
public struct JSONResponseDecoder: ResponseDecoder {
    /// The tolerant decoder used.
    public var decoder: FlexibleJSONDecoder

    /// Creates the decoder; by default a `FlexibleJSONDecoder()` with its default (flexible) strategies.
    public init(decoder: FlexibleJSONDecoder = FlexibleJSONDecoder()) {
        self.decoder = decoder
    }

    /// Decodes `type` from the response body.
    ///
    /// - Throws: `NetworkError.decoding` with the coding path, e.g. `items[3].userId`.
    public func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T {
        try Self.decodeBody(type) { try decoder.decode(type, from: response.body) }
    }
}
