#if os(Linux)
import CourierHTTP
import Foundation

/// A request made ready once, for every attempt and whatever protocol carries it: the target, the authority and
/// the header fields with the URL's and the proxy's credentials, checked for what no wire form may carry.
struct PreparedRequest: Sendable {
    var method: HTTPMethod
    /// The request target: origin form `/path?query`, or absolute form through an HTTP proxy.
    var target: String
    /// The `Host` header value (HTTP/2's `:authority`).
    var authority: String
    /// The header fields to send (framing fields are the connection's to write).
    var headers: HTTPHeaders
    /// The body length, when known; `nil` with no body or one of unknown length.
    var bodyLength: Int64?
    /// About how many bytes the request head takes on the wire (to reserve them once).
    var headSize: Int
    /// Whether a `gzip` or `deflate` response body is decoded (`decompressesResponses`; the client's default
    /// header fields ask for those codings, see `ContentDecodingTransport`).
    var decodesContent: Bool

    /// Prepares `request` for `target`.
    ///
    /// - Throws: `.configuration` failures for a method, target or header field that cannot go on the wire.
    init(_ request: HTTPRequest, target: RequestTarget, decompresses: Bool) throws {
        var headers = request.headers.combiningCookies
        if let authorization = target.basicAuthorization, !headers.contains("Authorization") {
            headers.add(name: "Authorization", value: authorization)
        }
        if let route = target.key.proxy, !route.tunnels, let authorization = route.authorization, !headers.contains("Proxy-Authorization") {
            headers.add(name: "Proxy-Authorization", value: authorization)
        }
        headSize = try HTTP1RequestHead.validate(method: request.method, target: target.path, host: target.hostHeader, headers: headers)
        self.method = request.method
        self.target = target.path
        self.authority = target.hostHeader
        self.headers = headers
        self.bodyLength = request.body?.contentLength
        self.decodesContent = decompresses
    }

    /// A fresh exchange for one attempt.
    func makeExchange(_ request: HTTPRequest, requestTimeout: Duration?, start: UInt64) -> Exchange {
        Exchange(
            self, request: request, requestTimeout: requestTimeout, metrics: TransferMetrics(location: request.location),
            start: start)
    }
}
#endif
