import CourierHTTP
import Foundation

/// Logs each request and its outcome (method, URL, status, duration, sizes) through a `NetworkLogger`.
///
/// Header values and query parameters named in `redaction` are replaced before anything reaches the logger
/// (`Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` by default). In
/// `Configuration.interceptors` it logs each call once, as the caller made it; in
/// `Configuration.networkInterceptors` it logs every attempt and redirect hop as it went on the wire, with the
/// jar's `Cookie` and the default fields (`User-Agent`, `Accept-Encoding`) included.
///
/// ```swift
/// configuration.interceptors = [LoggingInterceptor(logHeaders: true)]          // each call
/// configuration.networkInterceptors = [LoggingInterceptor(logHeaders: true)]   // each attempt and hop
/// ```
public struct LoggingInterceptor: Interceptor {
    /// Where events go.
    let logger: any NetworkLogger
    /// What is hidden.
    let redaction: Redaction
    /// Whether header fields are included in events.
    let logHeaders: Bool
    /// Whether each request event carries a redacted curl command.
    let logCurlCommand: Bool

    /// Creates the interceptor; `nil` logs to OSLog on Apple platforms and to standard error elsewhere.
    ///
    /// - Parameters:
    ///   - logger: Where events go; pass one to route them into the app's logging system.
    ///   - redaction: The header fields and query parameters whose values are hidden; by default the ones
    ///     that carry credentials.
    ///   - logHeaders: Whether events carry header fields. Off by default: headers are verbose and may hold
    ///     personal data that `redaction` does not name.
    ///   - logCurlCommand: Whether each request event carries a curl command to replay it. Off by default: the
    ///     command includes the request body, which `redaction` does not touch.
    public init(
        logger: (any NetworkLogger)? = nil,
        redaction: Redaction = Redaction(),
        logHeaders: Bool = false,
        logCurlCommand: Bool = false
    ) {
        self.logger = logger ?? defaultNetworkLogger()
        self.redaction = redaction
        self.logHeaders = logHeaders
        self.logCurlCommand = logCurlCommand
    }

    /// Logs `request`, passes it on, and logs the response or the failure. The response event is logged when
    /// the body has been read, so it carries the real size; the response itself is passed on unchanged.
    public func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        let url = redaction.redact(request.url)
        let (logger, redaction, logHeaders) = (self.logger, self.redaction, self.logHeaders)
        logger.log(.request(
            method: request.method, url: url,
            headers: logHeaders ? redaction.redact(request.headers) : [:],
            bodySize: request.body?.contentLength,
            curlCommand: logCurlCommand ? request.curlCommand(redaction: redaction) : nil))
        let start = ContinuousClock.now
        let headersOf = { (headers: HTTPHeaders) in logHeaders ? redaction.redact(headers) : [:] }
        do {
            var response = try await next(request)
            let (status, headers) = (response.statusCode, headersOf(response.headers))
            response.body = response.body.observed(onEnd: { bytes, _ in
                logger.log(.response(
                    method: request.method, url: url, statusCode: status, headers: headers,
                    bodySize: bytes, duration: ContinuousClock.now - start))
            })
            return response
        } catch {
            logger.log(.failure(method: request.method, url: url, error: String(describing: error), duration: ContinuousClock.now - start))
            throw error
        }
    }
}
