import CourierHTTP
import Foundation

/// Which header fields and query parameters are hidden in logs and curl commands, and how.
///
/// By default `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` are redacted; add your own
/// header and query names (compared case-insensitively). A user name and password in the URL are always
/// hidden. Bodies are never redacted: a curl command shows the body as sent.
///
/// ```swift
/// var redaction = Redaction()
/// redaction.headerNames.insert("x-api-key")
/// redaction.queryNames.insert("access_token")
/// ```
public struct Redaction: Sendable, Hashable {
    /// Header names whose values are replaced (stored lower-cased, whatever case they are inserted in): add
    /// any custom credential field, such as `x-api-key`.
    public var headerNames: Set<String> {
        didSet { headerNames = Set(headerNames.map { $0.lowercased() }) }
    }
    /// Query parameter names whose values are replaced (stored lower-cased, whatever case they are inserted
    /// in). Empty by default: add `access_token` and the like for APIs that put secrets in the URL.
    public var queryNames: Set<String> {
        didSet { queryNames = Set(queryNames.map { $0.lowercased() }) }
    }
    /// What replaces a redacted value, so a log shows that the field was there without showing it.
    public var placeholder: String

    /// Creates a redaction; names are compared case-insensitively. The default header names are the ones
    /// that carry credentials: `authorization`, `proxy-authorization`, `cookie`, `set-cookie`.
    public init(
        headerNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"],
        queryNames: Set<String> = [],
        placeholder: String = "<redacted>"
    ) {
        self.headerNames = Set(headerNames.map { $0.lowercased() })
        self.queryNames = Set(queryNames.map { $0.lowercased() })
        self.placeholder = placeholder
    }

    /// Whether the header `name` is redacted.
    package func redactsHeader(_ name: String) -> Bool {
        headerNames.contains(name.lowercased())
    }

    /// `headers` with redacted values replaced.
    package func redact(_ headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(headers.fields.map { field in
            redactsHeader(field.name) ? HTTPHeaders.Field(name: field.name, value: placeholder) : field
        })
    }

    /// `url` as text with the values of redacted query parameters (and any user/password) replaced.
    package func redact(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        if components.user != nil { components.user = placeholder }
        if components.password != nil { components.password = placeholder }
        if !queryNames.isEmpty, let items = components.percentEncodedQueryItems {
            components.percentEncodedQueryItems = items.map { item in
                let name = item.name.removingPercentEncoding ?? item.name
                guard queryNames.contains(name.lowercased()), item.value != nil else { return item }
                return URLQueryItem(name: item.name, value: placeholder.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed))
            }
        }
        return components.string ?? url.absoluteString
    }
}
