import Foundation

/// Client-wide settings applied to every request built from an endpoint.
///
/// The client owns one and passes it to `HTTPRequest(_:baseURL:defaults:)`; an endpoint's own values win
/// over these (its headers replace default headers of the same name, its `queryEncoder` replaces
/// `queryEncoder`).
///
/// ```swift
/// var defaults = RequestDefaults()
/// defaults.headers["User-Agent"] = "MyApp/1.0"
/// let request = try HTTPRequest(GetUser(id: 7), baseURL: baseURL, defaults: defaults)
/// ```
public struct RequestDefaults: Sendable {
    /// Header fields sent with every request (an endpoint's header of the same name replaces one of these).
    /// A default `Content-Type` is dropped when the request has no body and replaced by the body's own.
    public var headers: HTTPHeaders
    /// Encodes query DTOs of endpoints that do not bring their own `queryEncoder`. Default: `URLQueryEncoder()`
    /// (brackets for objects, indexed arrays, ISO-8601 dates with fractional seconds).
    public var queryEncoder: URLQueryEncoder

    /// Creates defaults.
    public init(headers: HTTPHeaders = [:], queryEncoder: URLQueryEncoder = URLQueryEncoder()) {
        self.headers = headers
        self.queryEncoder = queryEncoder
    }
}
