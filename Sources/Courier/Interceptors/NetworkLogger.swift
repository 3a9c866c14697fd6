import Foundation
#if canImport(os)
import os
#endif

/// Receives what `LoggingInterceptor` records. Implement it to route Courier's logs anywhere.
public protocol NetworkLogger: Sendable {
    /// Records one event. Values of redacted headers and query parameters are already replaced.
    func log(_ event: NetworkLogEvent)
}

/// One thing `LoggingInterceptor` saw: a request going out, a response coming back, or a failure.
public struct NetworkLogEvent: Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable, Hashable {
        /// A request is about to be sent.
        case request
        /// A response arrived.
        case response
        /// The request failed without a response.
        case failure
    }

    /// What happened.
    public var kind: Kind
    /// The request method.
    public var method: HTTPMethod
    /// The URL, redacted.
    public var url: String
    /// The request's (for `.request`) or response's (for `.response`) header fields, redacted; empty unless
    /// the interceptor logs headers.
    public var headers: HTTPHeaders
    /// The request body size in bytes, when known.
    public var requestBodySize: Int64?
    /// The status code (`.response`).
    public var statusCode: Int?
    /// The response body size in bytes (`.response`).
    public var responseBodySize: Int?
    /// Seconds since the request was sent (`.response`, `.failure`).
    public var duration: TimeInterval?
    /// The error (`.failure`).
    public var error: String?
    /// The request as a redacted curl command (`.request`, when enabled).
    public var curlCommand: String?

    /// Creates an event.
    public init(
        kind: Kind, method: HTTPMethod, url: String, headers: HTTPHeaders = [:], requestBodySize: Int64? = nil,
        statusCode: Int? = nil, responseBodySize: Int? = nil, duration: TimeInterval? = nil, error: String? = nil,
        curlCommand: String? = nil
    ) {
        self.kind = kind
        self.method = method
        self.url = url
        self.headers = headers
        self.requestBodySize = requestBodySize
        self.statusCode = statusCode
        self.responseBodySize = responseBodySize
        self.duration = duration
        self.error = error
        self.curlCommand = curlCommand
    }

    /// One line, e.g. `← 200 GET https://… (12.3 ms, 512 bytes)`, followed by header lines if any.
    public var description: String {
        var line: String
        switch kind {
        case .request:
            line = "→ \(method) \(url)" + (requestBodySize.map { " (\($0) bytes)" } ?? "")
        case .response:
            let milliseconds = String(format: "%.1f", (duration ?? 0) * 1000)
            line = "← \(statusCode ?? 0) \(method) \(url) (\(milliseconds) ms, \(responseBodySize ?? 0) bytes)"
        case .failure:
            let milliseconds = String(format: "%.1f", (duration ?? 0) * 1000)
            line = "✕ \(method) \(url) (\(milliseconds) ms): \(error ?? "unknown error")"
        }
        for field in headers { line += "\n    \(field.name): \(field.value)" }
        if let curlCommand { line += "\n    \(curlCommand)" }
        return line
    }
}

/// Writes each event as text to standard error.
public struct StandardErrorLogger: NetworkLogger {
    /// Creates the logger.
    public init() {}

    /// Writes `event` and a newline to standard error.
    public func log(_ event: NetworkLogEvent) {
        FileHandle.standardError.write(Data((event.description + "\n").utf8))
    }
}

#if canImport(os)
/// Sends each event to the unified logging system (subsystem `Courier`, category `network`).
public struct OSLogNetworkLogger: NetworkLogger {
    private let logger: Logger

    /// Creates the logger.
    public init(subsystem: String = "Courier", category: String = "network") {
        self.logger = Logger(subsystem: subsystem, category: category)
    }

    /// Logs `event` (failures at error level, the rest at info level).
    public func log(_ event: NetworkLogEvent) {
        let text = event.description
        if event.kind == .failure {
            logger.error("\(text, privacy: .public)")
        } else {
            logger.info("\(text, privacy: .public)")
        }
    }
}
#endif

/// The platform's default logger: OSLog on Apple platforms, standard error elsewhere.
public func defaultNetworkLogger() -> any NetworkLogger {
    #if canImport(os)
    return OSLogNetworkLogger()
    #else
    return StandardErrorLogger()
    #endif
}
