extension Cookie {
    /// The `SameSite` attribute's value (RFC 6265bis §4.1.2.7). A client has no "site" of its own, so Courier
    /// keeps it for you to read but sends cookies regardless of it.
    public enum SameSite: String, Sendable, Hashable, CaseIterable {
        /// `SameSite=Strict`.
        case strict
        /// `SameSite=Lax`.
        case lax
        /// `SameSite=None` (accepted only together with `Secure`).
        case none

        /// The value for an attribute value, compared case-insensitively; `nil` for anything else.
        package init?(attributeValue: String) {
            self.init(rawValue: attributeValue.lowercased())
        }
    }
}
