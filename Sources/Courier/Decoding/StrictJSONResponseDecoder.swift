import CourierHTTP
import Foundation

/// Decodes JSON with Foundation's `JSONDecoder`, for servers whose types are exact (no integers as strings).
///
/// ```swift
/// let decoder = StrictJSONResponseDecoder()
/// ```
public struct StrictJSONResponseDecoder: ResponseDecoder {
    /// The decoder used.
    public var decoder: JSONDecoder

    /// Creates the decoder (by default a `JSONDecoder()`).
    public init(decoder: JSONDecoder = JSONDecoder()) {
        self.decoder = decoder
    }

    /// Decodes `type` from the body.
    public func decode<T: Decodable>(_ type: T.Type, from body: Data, headers: HTTPHeaders) throws -> T {
        try decoder.decode(type, from: body)
    }
}
