/// Supplies the access token `AuthInterceptor` sends, and renews it when the server rejects it.
///
/// ```swift
/// actor SessionTokens: TokenProvider {
///     var token: String?
///     func currentToken() async throws -> String? { token }
///     func refreshToken(rejected: String?) async throws -> String {
///         token = try await authAPI.refresh()
///         return token!
///     }
/// }
/// ```
public protocol TokenProvider: Sendable {
    /// The token to send now, or `nil` to send the request without one.
    func currentToken() async throws -> String?

    /// Obtains a new token after the server answered `401` to `rejected`. `AuthInterceptor` calls this once
    /// for all requests rejected at the same time (single flight); after it returns, `currentToken()` should
    /// return the new token too.
    func refreshToken(rejected: String?) async throws -> String
}

/// Refreshing the access token failed; every request waiting on that refresh fails with this error.
public struct AuthenticationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A description of the error the `TokenProvider` threw, kept as text so the failure stays `Equatable`
    /// and `Sendable` whatever the provider throws.
    public var message: String

    /// Creates a failure.
    package init(message: String) {
        self.message = message
    }

    /// A readable description, for logs and alerts.
    public var description: String { "Token refresh failed: \(message)" }
}
