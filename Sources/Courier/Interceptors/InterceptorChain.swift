/// Runs a request through an ordered list of interceptors and then a final handler (usually a `Transport`).
///
/// The first interceptor is the outermost: it sees the request first and the response last. `NetworkClient`
/// builds one per call; use it directly to run the pipeline without a client.
///
/// ```swift
/// let chain = InterceptorChain([LoggingInterceptor(), RetryInterceptor()])
/// let response = try await chain.proceed(request) { try await transport.send($0) }
/// ```
public struct InterceptorChain: Sendable {
    /// The interceptors, outermost first.
    public let interceptors: [any Interceptor]

    /// Creates a chain.
    public init(_ interceptors: [any Interceptor]) {
        self.interceptors = interceptors
    }

    /// Passes `request` through every interceptor, then to `terminal`.
    public func proceed(_ request: HTTPRequest, terminal: @escaping Interceptor.Next) async throws -> HTTPResponse {
        try await proceed(request, from: 0, terminal: terminal)
    }

    private func proceed(_ request: HTTPRequest, from index: Int, terminal: @escaping Interceptor.Next) async throws -> HTTPResponse {
        guard index < interceptors.count else { return try await terminal(request) }
        return try await interceptors[index].intercept(request) { next in
            try await self.proceed(next, from: index + 1, terminal: terminal)
        }
    }
}
