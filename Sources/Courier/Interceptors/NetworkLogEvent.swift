import CourierHTTP
import Foundation

/// One thing `LoggingInterceptor` saw: a request going out, a response coming back (logged when its body has
/// been read, with the real size), or a failure. URLs and headers are already redacted.
///
/// ```swift
/// struct Collector: NetworkLogger {
///     func log(_ event: NetworkLogEvent) {
///         if case .response(_, _, let status, _, let bytes, _) = event { print(status, bytes) }
///     }
/// }
/// ```
public enum NetworkLogEvent: Sendable, CustomStringConvertible {
    /// A request is sent: its body size when known, and a curl command when asked for.
    case request(method: HTTPMethod, url: String, headers: HTTPHeaders, bodySize: Int64?, curlCommand: String?)
    /// A response arrived and its body was read (`bodySize` counts the bytes that were read, on disk for a
    /// download); `duration` runs from sending to the end of the body. Failing statuses are logged here too.
    case response(method: HTTPMethod, url: String, statusCode: Int, headers: HTTPHeaders, bodySize: Int64, duration: Duration)
    /// No response: the error that ended the request (a transport failure, a cancellation), as text so events
    /// stay `Sendable` and printable. A failing status is a `.response`, not a failure.
    case failure(method: HTTPMethod, url: String, error: String, duration: Duration)

    /// The request's method, whatever the event.
    package var method: HTTPMethod {
        switch self {
        case .request(let method, _, _, _, _), .response(let method, _, _, _, _, _), .failure(let method, _, _, _): method
        }
    }

    /// The request's URL (redacted), whatever the event.
    package var url: String {
        switch self {
        case .request(_, let url, _, _, _), .response(_, let url, _, _, _, _), .failure(_, let url, _, _): url
        }
    }

    /// `→ GET https://…`, `← 200 GET https://… (1.2 ms, 512 bytes)` or `✕ GET https://… (3.0 ms): …`, then
    /// the header fields one per line: what the default loggers write, ready for a logger of your own.
    public var description: String {
        switch self {
        case .request(let method, let url, let headers, let bodySize, let curlCommand):
            var line = "→ \(method) \(url)" + (bodySize.map { " (\($0) bytes)" } ?? "")
            line += Self.lines(headers)
            if let curlCommand { line += "\n    \(curlCommand)" }
            return line
        case .response(let method, let url, let statusCode, let headers, let bodySize, let duration):
            return "← \(statusCode) \(method) \(url) (\(Self.milliseconds(duration)) ms, \(bodySize) bytes)" + Self.lines(headers)
        case .failure(let method, let url, let error, let duration):
            return "✕ \(method) \(url) (\(Self.milliseconds(duration)) ms): \(error)"
        }
    }

    private static func lines(_ headers: HTTPHeaders) -> String {
        headers.map { "\n    \($0.name): \($0.value)" }.joined()
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
}
