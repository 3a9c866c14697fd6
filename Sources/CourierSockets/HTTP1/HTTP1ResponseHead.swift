import CourierHTTP

/// A parsed response status line and header section.
package struct HTTP1ResponseHead: Hashable, Sendable {
    /// How the body that follows the head is delimited (RFC 9112 §6.3).
    package enum Framing: Hashable, Sendable {
        /// Exactly this many bytes (`Content-Length`).
        case length(Int64)
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// No length: the body ends when the server closes the connection.
        case untilClose
        /// No body at all (HEAD, 1xx, 204, 304, a 2xx to CONNECT).
        case none
    }

    /// The status code, 100–999.
    package var statusCode: Int
    /// The reason phrase (may be empty).
    package var reason: String
    /// The HTTP minor version: 0 or 1 (a higher 1.x is read as 1.1).
    package var minorVersion: Int
    /// The header fields in the order received.
    package var headers: HTTPHeaders
    /// Whether the server lets the connection stay open after this response (`Connection: close` or
    /// HTTP/1.0 without `keep-alive` say no; so does a close-delimited body).
    package var keepAlive: Bool
    /// How the body is delimited.
    package var framing: Framing
    /// The transfer coding the body carries under its framing, `gzip` or `deflate` (`Transfer-Encoding: gzip`
    /// or `gzip, chunked`), which the connection decodes; `nil` for none. The parser hands the bytes on coded.
    package var transferCoding: String?

    /// Creates a head.
    package init(
        statusCode: Int, reason: String, minorVersion: Int, headers: HTTPHeaders, keepAlive: Bool, framing: Framing,
        transferCoding: String? = nil
    ) {
        self.statusCode = statusCode
        self.reason = reason
        self.minorVersion = minorVersion
        self.headers = headers
        self.keepAlive = keepAlive
        self.framing = framing
        self.transferCoding = transferCoding
    }
}
