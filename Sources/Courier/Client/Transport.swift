/// Moves one request to the server and its response back: the bottom of the interceptor chain.
///
/// `URLSessionTransport` is the default; `StubTransport` (in CourierTesting) answers in memory for unit tests.
public protocol Transport: Sendable {
    /// Sends `request` and returns the response, whatever its status. Throws `NetworkError` (`.transport`,
    /// `.cancelled`) when no response arrives.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
