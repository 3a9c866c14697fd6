import Foundation

/// One followed (or offered) redirect: which URL answered with which status, and where it pointed.
///
/// `Response.redirects` lists the hops a response went through, oldest first; a `RedirectPolicy` decision
/// closure sees each one before it is followed.
public struct Redirect: Sendable, Hashable {
    /// The redirect status: 301, 302, 303, 307 or 308. 301, 302 (for `POST`) and 303 turn the next request into
    /// a `GET` without a body; 307 and 308 keep the method and body.
    public var statusCode: Int
    /// The URL that answered with the redirect.
    public var from: URL
    /// The absolute URL of its `Location` (a relative one resolved against `from`): what a policy's
    /// `shouldFollow` checks, e.g. to stay on one host.
    public var to: URL

    /// Creates a hop; the client creates them as it follows redirects, tests create them to check a policy.
    public init(statusCode: Int, from: URL, to: URL) {
        self.statusCode = statusCode
        self.from = from
        self.to = to
    }
}
