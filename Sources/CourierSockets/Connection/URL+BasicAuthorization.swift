#if os(Linux)
import Foundation

extension URL {
    /// `Basic <base64(user:password)>` for the credentials in the URL (`http://user:p%40ss@host/`, percent-decoded),
    /// or `nil` when it has none: what the origin's `Authorization` or a proxy's `Proxy-Authorization` carries.
    var basicAuthorization: String? {
        guard let user else { return nil }
        let password = password.map { $0.removingPercentEncoding ?? $0 } ?? ""
        let credentials = "\(user.removingPercentEncoding ?? user):\(password)"
        return "Basic " + Data(credentials.utf8).base64EncodedString()
    }
}
#endif
