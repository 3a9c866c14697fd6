import CourierHTTP

/// Why the bytes a server sent are not an acceptable HTTP/1.1 response (or content coding).
///
/// The connection that produced one must be closed and never reused.
package struct HTTP1ParseError: Error, Hashable, CustomStringConvertible {
    /// What went wrong, which decides the `NetworkError` the user sees.
    package enum Kind: Hashable, Sendable {
        /// The bytes break the protocol (bad framing, bad syntax, a limit exceeded, a corrupt stream).
        case malformed
        /// The connection ended before the message was complete.
        case truncated
        /// The decoded body exceeded a configured size cap (`DecompressionLimits.maximumDecodedBytes`).
        case tooLarge
    }

    /// What went wrong.
    package var kind: Kind
    /// A readable message naming the fault, e.g. `"the response has both Content-Length and Transfer-Encoding"`.
    package var message: String

    /// Creates an error.
    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A protocol violation.
    package static func malformed(_ message: String) -> HTTP1ParseError { HTTP1ParseError(.malformed, message) }

    /// A message cut short by the peer closing.
    package static func truncated(_ message: String) -> HTTP1ParseError { HTTP1ParseError(.truncated, message) }

    /// The error as users see it: `.malformed` is `badServerResponse`, `.truncated` is `connectionLost`,
    /// `.tooLarge` is `responseTooLarge`, each with `message`.
    package var networkError: NetworkError {
        switch kind {
        case .malformed: .transport(TransportFailure(kind: .badServerResponse, message: message))
        case .truncated: .transport(TransportFailure(kind: .connectionLost, message: message))
        case .tooLarge: .transport(TransportFailure(kind: .responseTooLarge, message: message))
        }
    }

    /// `kind: message`.
    package var description: String { "\(kind): \(message)" }
}
