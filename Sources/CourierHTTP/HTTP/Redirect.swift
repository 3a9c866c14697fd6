import Foundation

/// One followed (or offered) redirect: which URL answered with which status, and where it pointed.
///
/// `Response.redirects` lists the hops a response went through, oldest first; a `RedirectPolicy` decision
/// closure sees each one before it is followed.
public struct Redirect: Sendable, Hashable {
    /// The redirect status: 301, 302, 303, 307 or 308.
    public var statusCode: Int
    /// The URL that answered with the redirect.
    public var from: URL
    /// The absolute URL of its `Location` (a relative one resolved against `from`).
    public var to: URL

    /// Creates a hop.
    public init(statusCode: Int, from: URL, to: URL) {
        self.statusCode = statusCode
        self.from = from
        self.to = to
    }
}
