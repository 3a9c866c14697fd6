/// Supplies the access token `AuthInterceptor` sends, and renews it when the server rejects it. Keeping the
/// token here, usually in an actor, gives every request one source of truth for it.
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
    /// The token to send now, or `nil` to send the request without one (before login, say). Called for every
    /// request, so keep it cheap; an error thrown here fails that request as it is.
    func currentToken() async throws -> String?

    /// Obtains a new token after the server answered `401` to `rejected`. `AuthInterceptor` calls this once
    /// for all requests rejected at the same time (single flight); after it returns, `currentToken()` should
    /// return the new token too. Throw when the session cannot be renewed (a revoked refresh token): every
    /// waiting request then fails with ``AuthenticationFailure``, the signal to show a login screen.
    func refreshToken(rejected: String?) async throws -> String
}

/// Refreshing the access token failed; every request waiting on that refresh fails with this error. It is a
/// type of its own, not a `NetworkError`, so an app can tell "log in again" from a network problem.
public struct AuthenticationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A description of the error the `TokenProvider` threw, kept as text so the failure stays `Equatable`
    /// and `Sendable` whatever the provider throws.
    public var message: String

    /// Creates a failure.
    package init(message: String) {
        self.message = message
    }

    /// A readable description, for logs (it carries the provider's error text, so not meant for end users).
    public var description: String { "Token refresh failed: \(message)" }
}
