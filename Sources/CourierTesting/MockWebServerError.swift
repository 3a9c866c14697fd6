/// Errors thrown by `MockWebServer`.
public enum MockWebServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not bind or listen on 127.0.0.1.
    case cannotStart(reason: String)
    /// `start()` was called on a server that is already running or was shut down (a server runs once).
    case alreadyStarted
    /// `takeRequest(timeout:)` waited the whole timeout and no request arrived.
    case noRequestWithin(Duration)
    /// The server was shut down while waiting for a request.
    case shutDown

    /// A readable explanation.
    public var description: String {
        switch self {
        case .cannotStart(let reason): "MockWebServer could not start: \(reason)"
        case .alreadyStarted: "MockWebServer.start() called twice (a server starts once)"
        case .noRequestWithin(let timeout): "MockWebServer received no request within \(timeout)"
        case .shutDown: "MockWebServer was shut down while waiting for a request"
        }
    }
}
