import CourierHTTP
import Foundation

/// Decodes JSON with Foundation's `JSONDecoder`, for servers whose types are exact (no integers as strings):
/// choose it over the default ``JSONResponseDecoder`` when a quoted number should count as a server bug, or to
/// reuse a `JSONDecoder` the app already configures.
///
/// ```swift
/// let decoder = StrictJSONResponseDecoder()
/// ```
public struct StrictJSONResponseDecoder: ResponseDecoder {
    /// The decoder used.
    let decoder: JSONDecoder

    /// Creates the decoder (by default a `JSONDecoder()`); pass one configured for your server's dates and
    /// keys, since its strategies are what make it strict or not.
    public init(decoder: JSONDecoder = JSONDecoder()) {
        self.decoder = decoder
    }

    /// Decodes `type` from the body with `JSONDecoder`, so `"123"` for an `Int` fails as Foundation fails.
    public func decode<T: Decodable>(_ type: T.Type, from body: Data, headers: HTTPHeaders) throws -> T {
        try decoder.decode(type, from: body)
    }
}
