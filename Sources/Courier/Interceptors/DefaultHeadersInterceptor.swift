import CourierHTTP

/// The header fields the client adds to every request on its way to the wire (OkHttp's `BridgeInterceptor`): the
/// one place they are decided, so every transport sends the same ones.
///
/// - `User-Agent: Courier/<version>`, unless the request has one (set yours in `configuration.headers`).
/// - `Accept-Encoding` with the codings the transport decodes itself (`ContentDecodingTransport`: `gzip, deflate`
///   for both of Courier's), unless the request has one; a `Range` request asks for `identity` instead, since a
///   range of encoded bytes would not decode.
///
/// The fields of a kind of request are decided here too, and added by the code that holds their state:
/// `eventStreamFields` (`Accept: text/event-stream`, `Last-Event-ID`) by `NetworkClient.events`, `resumeFields`
/// (`Range`, `If-Range`) by a resumed download. The cache's revalidation conditionals are `CacheInterceptor`'s.
///
/// A built-in member of every client's stack, below the cache and above the network interceptors, which see the
/// fields it adds.
package struct DefaultHeadersInterceptor: Interceptor {
    /// The `User-Agent` sent when the request names none: `Courier/<version>`.
    package static let userAgent = "Courier/1.0.0"
    /// The `Accept-Encoding` of requests that ask for no range, or `nil` when the transport decodes no coding.
    let acceptEncoding: String?

    /// Creates the interceptor for a transport that decodes `acceptEncoding` (`nil`: none).
    package init(acceptEncoding: String?) {
        self.acceptEncoding = acceptEncoding
    }

    /// Adds the fields `request` lacks and passes it on.
    package func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        let addsAgent = !request.headers.contains("User-Agent")
        let encoding = acceptEncoding.flatMap { codings in
            request.headers.contains("Accept-Encoding") ? nil : request.headers.contains("Range") ? "identity" : codings
        }
        guard addsAgent || encoding != nil else { return try await next(request) }
        var request = request
        if addsAgent { request.headers.add(name: "User-Agent", value: Self.userAgent) }
        if let encoding { request.headers.add(name: "Accept-Encoding", value: encoding) }
        return try await next(request)
    }

    /// The fields of an event-stream request: `Accept: text/event-stream`, and `Last-Event-ID` when reconnecting
    /// after an event that carried an id.
    static func eventStreamFields(lastEventID: String?) -> HTTPHeaders {
        var fields: HTTPHeaders = ["Accept": "text/event-stream"]
        if let lastEventID, !lastEventID.isEmpty { fields["Last-Event-ID"] = lastEventID }
        return fields
    }

    /// The fields that continue a download from byte `offset` if the representation is still `validator` (a
    /// strong `ETag` or a `Last-Modified` date): `Range: bytes=<offset>-` and `If-Range`.
    static func resumeFields(from offset: Int64, validator: String) -> HTTPHeaders {
        ["Range": "bytes=\(offset)-", "If-Range": validator]
    }
}
