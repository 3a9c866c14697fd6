import CourierHTTP
/// One cross-cutting concern of the request pipeline (retry, auth, logging, validation, …), in the style of
/// OkHttp's interceptors.
///
/// An interceptor may rewrite the request, short-circuit with a response or an error, call `next` more than
/// once (retry), or only observe. It sees every status as a response (the acceptable-status check runs where the
/// client's stack returns) and only transport failures as thrown errors. In `Configuration.interceptors` it sees
/// each call once; in `Configuration.networkInterceptors`, every attempt and redirect hop as sent.
///
/// ```swift
/// struct UserAgent: Interceptor {
///     func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
///         var request = request
///         request.headers["User-Agent"] = "MyApp/1.0"
///         return try await next(request)
///     }
/// }
/// ```
public protocol Interceptor: Sendable {
    /// The rest of the chain after this interceptor: call it to pass the request on (more than once to retry),
    /// or not at all to answer yourself.
    typealias Next = @Sendable (HTTPRequest) async throws -> HTTPResponse

    /// Handles `request`, usually by calling `next`. Errors thrown here reach the caller as they are (throw a
    /// `NetworkError` so callers catch one error type); a response you return is still checked against the
    /// acceptable statuses where the chain ends.
    func intercept(_ request: HTTPRequest, next: @escaping Next) async throws -> HTTPResponse
}
