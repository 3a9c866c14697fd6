import CourierHTTP
import Foundation

/// Turns a response body into a value: one conformance per response format.
///
/// Built-ins: `JSONResponseDecoder` (tolerant JSON, the client's default), `StrictJSONResponseDecoder`
/// (Foundation's `JSONDecoder`), `TextResponseDecoder` (`String`, honouring the charset). Choose one per
/// endpoint with `APIDefinition.responseDecoder`, or for every endpoint with `Configuration.decoder`.
///
/// A decoder only decodes: the client never asks it for `EmptyResponse` (the body is ignored) or `Data` (the raw
/// body), and wraps whatever it throws in `NetworkError.decoding` with the status, headers and the start of the
/// body, so write it as you would any decoding function.
///
/// ```swift
/// struct CSVDecoder: ResponseDecoder {
///     func decode<T: Decodable>(_ type: T.Type, from body: Data, headers: HTTPHeaders) throws -> T { … }
/// }
/// ```
public protocol ResponseDecoder: Sendable {
    /// Decodes `type` from `body`; `headers` are the response's (for a charset, say). Throw any error: the
    /// client wraps it in `NetworkError.decoding` (a `NetworkError` of another case passes as it is), so callers
    /// catch one error type whatever the format.
    func decode<T: Decodable>(_ type: T.Type, from body: Data, headers: HTTPHeaders) throws -> T
}
