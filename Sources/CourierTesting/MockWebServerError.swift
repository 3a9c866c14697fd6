/// Errors thrown by `MockWebServer`: a server that cannot run, and a test that waited for a request that did
/// not come. Equatable, so a test can expect a particular one.
public enum MockWebServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not bind or listen on 127.0.0.1 (or the Unix socket path), or could not load its TLS
    /// certificate; `reason` names the failing call and its errno.
    case cannotStart(reason: String)
    /// `start()` was called on a server that has already started (a server runs once, even after
    /// `shutdown()`; make a new one instead).
    case alreadyStarted
    /// `takeRequest(timeout:)` waited the whole timeout and no request arrived: usually the client never sent
    /// the request the test expected.
    case noRequestWithin(Duration)
    /// The server was shut down while a `takeRequest` call was waiting, so the waiter does not hang.
    case shutDown

    /// A readable explanation, shown in a failing test's output.
    public var description: String {
        switch self {
        case .cannotStart(let reason): "MockWebServer could not start: \(reason)"
        case .alreadyStarted: "MockWebServer.start() called twice (a server starts once)"
        case .noRequestWithin(let timeout): "MockWebServer received no request within \(timeout)"
        case .shutDown: "MockWebServer was shut down while waiting for a request"
        }
    }
}
