import Foundation

/// The public suffix list (publicsuffix.org): the domains under which anyone can register names (`com`,
/// `co.uk`, `github.io`, …), on which no cookie may be set.
///
/// Rules are read from the list's text: one per line, `//` comments, `*.` wildcards and `!` exceptions; both
/// the ICANN and the private sections count, as in browsers. Unicode rules are stored in their punycode form, as
/// `CookieMatching.canonicalHost` gives hosts. Every single-label domain is a public suffix (the list's implicit
/// `*` rule), so without a list file at least those are refused.
package struct PublicSuffixList: Sendable {
    /// Where Debian's `publicsuffix` package installs the list.
    package static let systemPath = "/usr/share/publicsuffix/public_suffix_list.dat"

    /// The system list, read once on first use; only the implicit `*` rule when the file is absent or unreadable.
    package static let system = PublicSuffixList(contentsOfFile: systemPath)

    private var rules: Set<String> = []
    private var wildcards: Set<String> = []
    private var exceptions: Set<String> = []

    /// The number of rules read (0 when only the implicit `*` rule applies).
    package var ruleCount: Int { rules.count + wildcards.count + exceptions.count }

    /// Reads the rules in `text`, the list's file format.
    package init(text: String) {
        // By bytes: the file's line ends and separators are ASCII, and `Character` properties made this about
        // 30 ms of a client's first request with cookies (the list has ~10,000 lines).
        let isLineEnd = { (byte: UInt8) in byte == 0x0A || byte == 0x0D }
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        for line in text.utf8.split(whereSeparator: isLineEnd) {
            guard let rule = line.split(whereSeparator: isSpace).first,
                  !rule.starts(with: "//".utf8) else { continue }
            let ascii = Punycode.asciiDomain(String(decoding: rule, as: UTF8.self))
            if ascii.hasPrefix("!") {
                exceptions.insert(String(ascii.dropFirst()))
            } else if ascii.hasPrefix("*.") {
                wildcards.insert(String(ascii.dropFirst(2)))
            } else {
                rules.insert(ascii)
            }
        }
    }

    /// Reads the list at `path`; only the implicit `*` rule when it cannot be read.
    package init(contentsOfFile path: String) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        self.init(text: text)
    }

    /// Whether `domain` (lowercase ASCII, punycode for IDNs) is itself a public suffix: a rule names it exactly,
    /// a wildcard covers it and no exception removes it, or it has a single label.
    package func isPublicSuffix(_ domain: String) -> Bool {
        let domain = domain.hasSuffix(".") ? String(domain.dropLast()) : domain
        guard !domain.isEmpty else { return true }
        if exceptions.contains(domain) { return false }
        if rules.contains(domain) { return true }
        guard let firstDot = domain.firstIndex(of: ".") else { return true }
        return wildcards.contains(String(domain[domain.index(after: firstDot)...]))
    }
}
