import Foundation

/// Decodes JSON with Foundation's `JSONDecoder`, exactly as configured (no tolerance for numbers sent as
/// strings).
public struct StrictJSONResponseDecoder: ResponseDecoder {
    /// The decoder used.
    public var decoder: JSONDecoder

    /// Creates the decoder; by default a plain `JSONDecoder()`.
    public init(decoder: JSONDecoder = JSONDecoder()) {
        self.decoder = decoder
    }

    /// Decodes `type` from the response body.
    ///
    /// - Throws: `NetworkError.decoding` with the coding path.
    public func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T {
        try Self.decodeBody(type) { try decoder.decode(type, from: response.body) }
    }
}
