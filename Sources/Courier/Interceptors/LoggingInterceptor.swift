import Foundation

/// Logs each request and its outcome (method, URL, status, duration, sizes) through a `NetworkLogger`.
///
/// Header values and query parameters named in `redaction` are replaced before anything reaches the logger
/// (`Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` by default). Put it first in the chain to
/// log each call once, or after `RetryInterceptor` to log every attempt.
///
/// ```swift
/// configuration.interceptors = [LoggingInterceptor(logHeaders: true)]
/// ```
public struct LoggingInterceptor: Interceptor {
    /// Where events go.
    public var logger: any NetworkLogger
    /// What is hidden.
    public var redaction: Redaction
    /// Whether header fields are included in events.
    public var logHeaders: Bool
    /// Whether each request event carries a redacted curl command.
    public var logCurlCommand: Bool

    /// Creates the interceptor; the default logger is OSLog on Apple platforms and standard error elsewhere.
    public init(
        logger: any NetworkLogger = defaultNetworkLogger(),
        redaction: Redaction = .default,
        logHeaders: Bool = false,
        logCurlCommand: Bool = false
    ) {
        self.logger = logger
        self.redaction = redaction
        self.logHeaders = logHeaders
        self.logCurlCommand = logCurlCommand
    }

    /// Logs `request`, passes it on, and logs the response or the failure.
    public func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        let url = redaction.redact(request.url)
        logger.log(NetworkLogEvent(
            kind: .request, method: request.method, url: url,
            headers: logHeaders ? redaction.redact(request.headers) : [:],
            requestBodySize: request.body?.contentLength,
            curlCommand: logCurlCommand ? request.curlCommand(redaction: redaction) : nil))
        let start = ContinuousClock.now
        do {
            let response = try await next(request)
            logger.log(NetworkLogEvent(
                kind: .response, method: request.method, url: url,
                headers: logHeaders ? redaction.redact(response.headers) : [:],
                statusCode: response.statusCode, responseBodySize: response.body.count,
                duration: ContinuousClock.seconds(since: start)))
            return response
        } catch {
            logger.log(NetworkLogEvent(
                kind: .failure, method: request.method, url: url, duration: ContinuousClock.seconds(since: start),
                error: String(describing: error)))
            throw error
        }
    }

}
