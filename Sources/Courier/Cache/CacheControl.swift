/// The directives of the `Cache-Control` fields of a request or a response (RFC 9111 §5.2), parsed tolerantly.
///
/// Every `Cache-Control` line counts, in order. Names are case-insensitive; a value may be a token or a quoted
/// string (`max-age="60"` is read as `max-age=60`, as §5.2 asks recipients to accept). Empty list elements are
/// skipped; an unterminated quoted string runs to the end of the field. For a directive that appears more than
/// once, the first occurrence counts, except `max-age` with conflicting values, which makes the response stale
/// (§4.2.1 allows either). A bad `max-age` value (`abc`, `-1`, empty) counts as `0` (stale, §4.2.1); a bad value
/// of the other delta-seconds directives makes the directive absent; a value past 2³¹ is 2³¹ (§1.2.2).
package struct CacheControl: Sendable, Hashable {
    /// One directive as written: its lowercased name and its value, unquoted (`nil` when it has none).
    package struct Directive: Sendable, Hashable {
        /// The name, lowercased.
        package var name: String
        /// The value, with a quoted string's quotes and escapes removed.
        package var value: String?
    }

    /// Every directive, in order.
    package let directives: [Directive]

    /// Parses every `Cache-Control` field of `headers`; a request's `Pragma: no-cache` counts as `no-cache` when
    /// it has no `Cache-Control` (§5.4).
    package init(_ headers: HTTPHeaders) {
        var directives = headers.values(for: "Cache-Control").flatMap(Self.parse)
        if directives.isEmpty, headers.values(for: "Pragma").flatMap(Self.parse).contains(where: { $0.name == "no-cache" }) {
            directives = [Directive(name: "no-cache", value: nil)]
        }
        self.directives = directives
    }

    /// Parses one field value, e.g. `max-age=60, private, community="UCI"`.
    package init(parsing value: String) {
        directives = Self.parse(value)
    }

    /// Whether `name` (lowercase) is present.
    package func has(_ name: String) -> Bool {
        directives.contains { $0.name == name }
    }

    /// `no-store`: nothing of this exchange is stored.
    package var noStore: Bool { has("no-store") }
    /// `no-cache`: a stored response is used only after a successful revalidation (a field-name list is treated
    /// as the unqualified form: the whole response is revalidated).
    package var noCache: Bool { has("no-cache") }
    /// `public`.
    package var isPublic: Bool { has("public") }
    /// `private` (a private cache stores it).
    package var isPrivate: Bool { has("private") }
    /// `must-revalidate`: once stale, never served without a successful revalidation.
    package var mustRevalidate: Bool { has("must-revalidate") }
    /// `immutable` (RFC 8246): while fresh, a reload (`max-age=0`) does not revalidate.
    package var immutable: Bool { has("immutable") }
    /// `s-maxage`: ignored for freshness (shared caches only), but it lets a response to an `Authorization`
    /// request be stored (§3.5).
    package var hasSharedMaxAge: Bool { has("s-maxage") }
    /// `only-if-cached` (request).
    package var onlyIfCached: Bool { has("only-if-cached") }

    /// `max-age` in seconds; conflicting duplicates and bad values give `0`.
    package var maxAge: Int? {
        let values = directives.filter { $0.name == "max-age" }.map { Self.deltaSeconds($0.value) }
        guard let first = values.first else { return nil }
        guard let seconds = first, values.allSatisfy({ $0 == seconds }) else { return 0 }
        return seconds
    }

    /// `max-stale` in seconds (request); without a value any staleness is accepted (`Int.max`).
    package var maxStale: Int? {
        guard let directive = directives.first(where: { $0.name == "max-stale" }) else { return nil }
        guard let value = directive.value else { return Int.max }
        return Self.deltaSeconds(value)
    }

    /// `min-fresh` in seconds (request).
    package var minFresh: Int? { seconds("min-fresh") }
    /// `stale-while-revalidate` in seconds (RFC 5861 §3).
    package var staleWhileRevalidate: Int? { seconds("stale-while-revalidate") }
    /// `stale-if-error` in seconds (RFC 5861 §4; request or response).
    package var staleIfError: Int? { seconds("stale-if-error") }

    /// The first `name` directive's delta-seconds value, `nil` when absent or bad.
    private func seconds(_ name: String) -> Int? {
        directives.first { $0.name == name }.flatMap { Self.deltaSeconds($0.value) }
    }

    /// The greatest delta-seconds value kept (RFC 9111 §1.2.2: 2³¹).
    package static let maximumDeltaSeconds = 2_147_483_648

    /// `1*DIGIT` as an `Int` capped at 2³¹; `nil` for anything else.
    package static func deltaSeconds(_ text: String?) -> Int? {
        guard let text, !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        var value = 0
        for digit in text.utf8 {
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
            if value >= maximumDeltaSeconds { return maximumDeltaSeconds }
        }
        return value
    }

    /// Splits a field value into directives: commas outside quoted strings separate them.
    private static func parse(_ field: String) -> [Directive] {
        var directives: [Directive] = []
        var characters = Substring(field).unicodeScalars[...]
        while !characters.isEmpty {
            var name = ""
            while let scalar = characters.first, scalar != ",", scalar != "=" {
                name.unicodeScalars.append(scalar)
                characters.removeFirst()
            }
            var value: String?
            if characters.first == "=" {
                characters.removeFirst()
                value = parseValue(&characters)
            }
            // Skip what follows a value up to the next comma (garbage after a quoted string).
            while let scalar = characters.first, scalar != "," { characters.removeFirst() }
            if characters.first == "," { characters.removeFirst() }
            let trimmed = name.trimmingOWS.lowercased()
            if !trimmed.isEmpty { directives.append(Directive(name: trimmed, value: value)) }
        }
        return directives
    }

    /// A token up to the next comma (trimmed), or a quoted string with its escapes resolved.
    private static func parseValue(_ characters: inout Substring.UnicodeScalarView.SubSequence) -> String {
        while let scalar = characters.first, scalar == " " || scalar == "\t" { characters.removeFirst() }
        var value = ""
        guard characters.first == "\"" else {
            while let scalar = characters.first, scalar != "," {
                value.unicodeScalars.append(scalar)
                characters.removeFirst()
            }
            return value.trimmingOWS
        }
        characters.removeFirst()
        while let scalar = characters.popFirst() {
            if scalar == "\"" { break }
            if scalar == "\\", let escaped = characters.popFirst() {
                value.unicodeScalars.append(escaped)
            } else {
                value.unicodeScalars.append(scalar)
            }
        }
        return value
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (RFC 9110 OWS).
    var trimmingOWS: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[start...end])
    }
}
