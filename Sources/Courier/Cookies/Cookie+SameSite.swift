extension Cookie {
    /// The `SameSite` attribute's value (RFC 6265bis §4.1.2.7). A client has no "site" of its own, so Courier
    /// keeps it for you to read but sends cookies regardless of it.
    public enum SameSite: String, Sendable, Hashable, CaseIterable {
        /// `SameSite=Strict`: a browser would send it only within its own site.
        case strict
        /// `SameSite=Lax`: a browser would also send it on top-level navigations from other sites.
        case lax
        /// `SameSite=None`: sent everywhere; accepted only together with `Secure`, as browsers require, so a
        /// cross-site cookie never travels in clear text.
        case none

        /// The value for an attribute value, compared case-insensitively; `nil` for anything else.
        package init?(attributeValue: String) {
            self.init(rawValue: attributeValue.lowercased())
        }
    }
}
