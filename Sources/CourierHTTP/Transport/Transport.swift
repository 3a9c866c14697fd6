import Foundation

/// Moves one request to the server and its response back: the bottom of the interceptor stack.
///
/// Conform to it to put another HTTP engine under the client; everything above it (validation, retries,
/// redirects, cookies, caching) then works unchanged, because the transport does none of it.
///
/// The contract, the same for every transport:
/// - `send` returns as soon as the response head (status and headers) has arrived, whatever the status; the
///   body streams through `response.body`, with backpressure: the transport reads ahead a bounded amount and
///   stops reading while the consumer does not take chunks, so memory stays bounded. A dropped body or a
///   cancelled reader cancels the transfer.
/// - Failures are thrown as `NetworkError` (`.transport`, `.cancelled`); the client maps anything else once,
///   at this boundary.
/// - `request.timeout` is the inactivity timeout; `request.uploadProgress`, when set, hears of body bytes sent.
/// - A transport neither validates statuses, nor limits the body size, nor retries, nor writes files: the
///   interceptors and the client do that once, for every transport.
///
/// A `NetworkClient` whose configuration names no transport uses `SocketTransport` on Linux and
/// `URLSessionTransport` elsewhere; `StubTransport` (in CourierTesting) answers in memory for unit tests.
public protocol Transport: Sendable {
    /// Sends `request` and returns the response head with a streaming body.
    ///
    /// - Returns: The response as soon as its head arrived, whatever the status.
    /// - Throws: `NetworkError` (`.transport`, `.cancelled`, or `.configuration` for a request it cannot send).
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
