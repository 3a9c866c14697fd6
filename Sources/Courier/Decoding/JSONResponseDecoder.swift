import Foundation

/// Decodes JSON tolerantly (the client's default): integers sent as `"123"` or `123.0` decode into `Int`
/// fields of plain synthesized `Codable` types; a real type error still fails with its coding path.
public struct JSONResponseDecoder: ResponseDecoder {
    /// Creates the decoder.
    public init() {}

    /// Decodes `type` from the response body.
    ///
    /// - Throws: `NetworkError.decoding` with the coding path, e.g. `items[3].userId`.
    public func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T {
        if let empty = Self.emptyResponse(as: type) { return empty }
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw Self.decodingError(error, decoding: type)
        }
    }
}
