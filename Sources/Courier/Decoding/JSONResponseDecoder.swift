import CourierHTTP
import Foundation

/// Decodes JSON tolerantly (the client's default): integers sent as `"123"` or `123.0` decode into `Int`
/// fields of plain synthesized `Codable` types, and dates are ISO-8601 strings with or without fractional seconds
/// and with any offset (`…Z`, `….250Z`, `…+01:00`): what `RequestBody.json` sends. A real type error still fails
/// with its coding path.
///
/// ```swift
/// var flexible = FlexibleJSONDecoder()
/// flexible.keyDecodingStrategy = .convertFromSnakeCase
/// let decoder = JSONResponseDecoder(decoder: flexible)
/// ```
public struct JSONResponseDecoder: ResponseDecoder {
    /// The tolerant decoder used.
    let decoder: FlexibleJSONDecoder

    /// Creates the decoder; by default a `FlexibleJSONDecoder()` with its flexible strategies and ISO-8601
    /// dates. Pass your own to set API-wide choices such as snake-case keys or a stricter number strategy.
    public init(decoder: FlexibleJSONDecoder = Self.defaultDecoder) {
        self.decoder = decoder
    }

    /// `FlexibleJSONDecoder()` with `dateDecodingStrategy = .iso8601`: the counterpart of
    /// `RequestBody.defaultJSONEncoder`, so a `Date` sent by one is read back by the other.
    public static var defaultDecoder: FlexibleJSONDecoder {
        var decoder = FlexibleJSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// Decodes `type` from the body; a failure is a `DecodingError` with the coding path, which the client
    /// turns into `NetworkError.decoding` with the status, headers and the first bytes of the body.
    public func decode<T: Decodable>(_ type: T.Type, from body: Data, headers: HTTPHeaders) throws -> T {
        try decoder.decode(type, from: body)
    }
}
