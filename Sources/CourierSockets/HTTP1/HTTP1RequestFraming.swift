import CourierHTTP

/// How a request body is delimited on the wire.
package enum HTTP1RequestFraming: Hashable, Sendable {
    /// No body and no length header (GET, HEAD, DELETE without a body).
    case none
    /// `Content-Length: n`, then exactly n bytes.
    case length(Int64)
    /// `Transfer-Encoding: chunked`, for a stream of unknown length (`chunkHeader(count:)`, `lastChunk`).
    case chunked

    /// The framing of a request with `method`: its body's length when known, chunked when a body's length is
    /// unknown, `Content-Length: 0` for POST, PUT and PATCH without a body, none otherwise.
    package init(method: HTTPMethod, hasBody: Bool, bodyLength: Int64?) {
        if hasBody {
            self = bodyLength.map { .length($0) } ?? .chunked
        } else {
            let sendsZero = method == .post || method == .put || method == .patch
            self = sendsZero ? .length(0) : .none
        }
    }
}
