/// How a request body is delimited on the wire.
package enum HTTP1RequestFraming: Hashable, Sendable {
    /// No body and no length header (GET, HEAD, DELETE without a body).
    case none
    /// `Content-Length: n`, then exactly n bytes.
    case length(Int64)
    /// `Transfer-Encoding: chunked`, for a stream of unknown length (`chunkHeader(count:)`, `lastChunk`).
    case chunked
}
