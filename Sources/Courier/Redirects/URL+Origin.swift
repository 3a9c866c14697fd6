import Foundation

extension URL {
    /// Same scheme, host (case-insensitively) and port, default ports included (`http://a` is `http://a:80`):
    /// the boundary credentials never cross.
    func isSameOrigin(as other: URL) -> Bool {
        guard let scheme = scheme?.lowercased(), scheme == other.scheme?.lowercased() else { return false }
        guard host?.lowercased() == other.host?.lowercased() else { return false }
        return (port ?? Self.defaultPort(scheme)) == (other.port ?? Self.defaultPort(scheme))
    }

    /// 80 for `http`/`ws`, 443 for `https`/`wss`.
    private static func defaultPort(_ scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }
}
