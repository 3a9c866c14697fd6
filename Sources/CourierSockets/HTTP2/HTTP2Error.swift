import CourierHTTP

/// An HTTP/2 connection or stream error: one we detected in the peer's frames (then we send GOAWAY or
/// RST_STREAM with `code`), or one the peer sent us (its RST_STREAM or GOAWAY).
package struct HTTP2Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// Whether the error ends the whole connection or one stream (RFC 9113 §5.4).
    package enum Scope: Hashable, Sendable {
        /// A connection error: GOAWAY, then the connection closes.
        case connection
        /// A stream error on the stream with this identifier: RST_STREAM, the connection lives on.
        case stream(UInt32)
    }

    /// The HTTP/2 error code.
    package var code: HTTP2ErrorCode
    /// Connection or stream.
    package var scope: Scope
    /// Whether the peer sent it (RST_STREAM, GOAWAY) rather than we detecting it.
    package var sentByPeer: Bool
    /// What happened, e.g. `"DATA on idle stream 5"`.
    package var message: String

    /// Creates an error.
    package init(_ code: HTTP2ErrorCode, _ scope: Scope, sentByPeer: Bool = false, _ message: String) {
        self.code = code
        self.scope = scope
        self.sentByPeer = sentByPeer
        self.message = message
    }

    /// A connection error we detected.
    package static func connection(_ code: HTTP2ErrorCode, _ message: String) -> HTTP2Error {
        HTTP2Error(code, .connection, message)
    }

    /// A stream error we detected on `streamID`.
    package static func stream(_ streamID: UInt32, _ code: HTTP2ErrorCode, _ message: String) -> HTTP2Error {
        HTTP2Error(code, .stream(streamID), message)
    }

    /// Whether the request on the stream was not processed by the server and may be sent again on any
    /// connection: the peer refused the stream (REFUSED_STREAM, RFC 9113 §8.7).
    package var isUnprocessed: Bool { sentByPeer && code == .refusedStream }

    /// The error as users see it, the one mapping from HTTP/2 errors to `NetworkError`:
    /// `.transport(.badServerResponse)` whose `code` is the HTTP/2 error code and whose message names it.
    package var networkError: NetworkError {
        .transport(TransportFailure(kind: .badServerResponse, code: Int(code.rawValue), message: description))
    }

    /// E.g. `HTTP/2 stream 3 reset by the server with REFUSED_STREAM (0x7)` or
    /// `HTTP/2 connection error PROTOCOL_ERROR (0x1): DATA on idle stream 5`.
    package var description: String {
        let subject: String
        switch scope {
        case .connection: subject = sentByPeer ? "connection closed by the server (GOAWAY)" : "connection error"
        case .stream(let id): subject = sentByPeer ? "stream \(id) reset by the server" : "stream \(id) error"
        }
        return message.isEmpty ? "HTTP/2 \(subject) with \(code)" : "HTTP/2 \(subject) with \(code): \(message)"
    }
}
