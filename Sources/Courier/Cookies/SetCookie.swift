import Foundation

/// One `Set-Cookie` field parsed by RFC 6265bis §5.6: the name, the value and the attributes the jar's storage
/// model needs, each the last valid one of its kind. Unknown attributes and invalid values are ignored, as the RFC
/// says.
package struct SetCookie: Sendable, Hashable {
    /// The most bytes of name and value together (§5.6 step 5).
    package static let maximumNameValueSize = 4096
    /// The most bytes of one attribute's value; a longer one is ignored (§5.6).
    package static let maximumAttributeValueSize = 1024
    /// The longest lifetime a cookie gets from `Expires` or `Max-Age`: 400 days (§5.6.1, §5.6.2).
    package static let maximumAge: TimeInterval = 400 * 86_400

    /// The cookie name (empty when the pair had no `=`).
    package var name: String
    /// The cookie value.
    package var value: String
    /// The expiry from the last `Max-Age`, else the last `Expires`, capped at `now + maximumAge`;
    /// `Date.distantPast` for `Max-Age` of 0 or less; `nil` for a session cookie.
    package var expires: Date?
    /// The last `Domain` value, leading dot removed, lowercased; `nil` without one.
    package var domain: String?
    /// The last `Path` value; `""` when that value did not start with `/` (use the default path); `nil` without one.
    package var path: String?
    /// `Secure` was present.
    package var isSecure = false
    /// `HttpOnly` was present.
    package var isHTTPOnly = false
    /// The last `SameSite` value, `nil` when absent or unknown.
    package var sameSite: Cookie.SameSite?

    /// A field with only a name and a value.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Parses one field received at `now` (the time `Max-Age` counts from).
    package static func parse(_ field: String, now: Date) -> Result<SetCookie, CookieRejection> {
        let bytes = Array(field.utf8)
        guard !bytes.contains(where: isForbiddenControl) else { return .failure(.controlCharacter) }
        let pairEnd = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        let pair = bytes[..<pairEnd]
        let name: ArraySlice<UInt8>
        let value: ArraySlice<UInt8>
        if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
            name = pair[..<equals]
            value = pair[(equals + 1)...]
        } else {
            name = []
            value = pair
        }
        var cookie = SetCookie(name: text(trimmed(name)), value: text(trimmed(value)))
        guard cookie.name.utf8.count + cookie.value.utf8.count <= maximumNameValueSize else {
            return .failure(.nameAndValueTooLong)
        }
        var maxAge: Date?
        var expires: Date?
        for attribute in bytes[pairEnd...].split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).dropFirst() {
            let equals = attribute.firstIndex(of: UInt8(ascii: "="))
            let attributeName = text(trimmed(attribute[..<(equals ?? attribute.endIndex)])).lowercased()
            let attributeValue = text(trimmed(equals.map { attribute[($0 + 1)...] } ?? []))
            guard attributeValue.utf8.count <= maximumAttributeValueSize else { continue }
            switch attributeName {
            case "expires":
                if let date = CookieDate.parse(attributeValue) { expires = min(date, now + maximumAge) }
            case "max-age":
                if let seconds = deltaSeconds(attributeValue) {
                    maxAge = seconds <= 0 ? .distantPast : now + min(TimeInterval(seconds), maximumAge)
                }
            case "domain" where !attributeValue.isEmpty:
                cookie.domain = (attributeValue.hasPrefix(".") ? String(attributeValue.dropFirst()) : attributeValue).lowercased()
            case "path":
                cookie.path = attributeValue.hasPrefix("/") ? attributeValue : ""
            case "secure":
                cookie.isSecure = true
            case "httponly":
                cookie.isHTTPOnly = true
            case "samesite":
                cookie.sameSite = Cookie.SameSite(attributeValue: attributeValue)
            default:
                continue
            }
        }
        cookie.expires = maxAge ?? expires
        return .success(cookie)
    }

    /// 0x00–0x08, 0x0A–0x1F and 0x7F: control characters other than TAB, which make the field ignored.
    private static func isForbiddenControl(_ byte: UInt8) -> Bool {
        byte <= 0x08 || (0x0A...0x1F).contains(byte) || byte == 0x7F
    }

    /// `Max-Age`'s value: a `-` or a digit, then digits only; a number too large for `Int` counts as huge.
    private static func deltaSeconds(_ value: String) -> Int? {
        let bytes = Array(value.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "-") || isDigit(first) else { return nil }
        let digits = first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        let magnitude = digits.reduce(0) { $0 > Int.max / 20 ? $0 : $0 * 10 + Int($1 - 0x30) }
        return first == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// `bytes` without leading and trailing space and TAB (WSP).
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isWSP: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let start = bytes.firstIndex(where: { !isWSP($0) }), let end = bytes.lastIndex(where: { !isWSP($0) }) else {
            return []
        }
        return bytes[start...end]
    }

    /// The bytes as text; bytes that are not UTF-8 become U+FFFD (cookie octets are ASCII in practice).
    private static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
