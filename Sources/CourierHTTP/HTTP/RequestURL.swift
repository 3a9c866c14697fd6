import Foundation

/// The URL of a request or a response, kept as its text and parsed into a Foundation `URL` only when
/// something reads `url` (once; later reads get the same `URL`).
///
/// Why: a `send` over a fast transport spent about a tenth of its time in `URL(string:)` for a URL that
/// `RequestURLBuilder` had just written by its own rules and that nothing on the usual path reads as a `URL`.
/// Copies of a request share the parsed `URL` through the lock-guarded cache.
package struct RequestURL: Sendable, Hashable {
    /// The text's UTF-8 bytes (ASCII: see `init(unparsed:afterCheckedPrefix:)`), when the value was made from
    /// text; `nil` when it was made from a `URL`. Kept as the builder's own buffer: no `String` is made unless
    /// something asks for `string` or `url` (a request sent over a stub or a cache hit never does).
    private let text: [UInt8]?
    /// The parsed URL once something has asked for it (from the start when made from a `URL`).
    private let cache: LockedState<URL?>

    /// A value for a Foundation `URL`; `string` is then its `absoluteString`.
    package init(_ url: URL) {
        text = nil
        cache = LockedState(url)
    }

    /// A value for the URL text `bytes` (UTF-8) without parsing it, or `nil` when `URL(string:)` might not keep
    /// the text exactly as it is: the first `prefixLength` bytes must be text that `Self.keepsExactly(_:)`
    /// accepted, and the bytes after them a path or query (starting with `/` or `?`) of RFC 3986's characters (unreserved,
    /// sub-delimiters, `:`, `@`, `/`, `?`, and `%` with two hex digits) — such text `URL(string:)` parses and
    /// keeps byte for byte.
    package init?(unparsed bytes: [UInt8], afterCheckedPrefix prefixLength: Int) {
        guard prefixLength <= bytes.count else { return nil }
        // What follows the prefix starts a path or a query, so it cannot extend the prefix's host or port.
        if prefixLength < bytes.count, bytes[prefixLength] != UInt8(ascii: "/"), bytes[prefixLength] != UInt8(ascii: "?") {
            return nil
        }
        var index = prefixLength
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, Self.isHexDigit(bytes[index + 1]), Self.isHexDigit(bytes[index + 2]) else {
                    return nil
                }
                index += 3
                continue
            }
            guard Self.isPathOrQueryCharacter(byte) else { return nil }
            index += 1
        }
        text = bytes
        cache = LockedState(nil)
    }

    /// Whether `URL(string: text)` parses `text` and keeps it as it is (the check a URL prefix passes once,
    /// e.g. a client's base URL, before `init(unparsed:afterCheckedPrefix:)` trusts it for every request).
    package static func keepsExactly(_ text: String) -> Bool {
        URL(string: text)?.absoluteString == text
    }

    /// The URL's text: as built, or the `URL`'s `absoluteString`.
    package var string: String {
        text.map { String(decoding: $0, as: UTF8.self) } ?? url.absoluteString
    }

    /// The Foundation `URL`, parsed at the first read; `about:blank` for text that `URL(string:)` rejects,
    /// which `init(unparsed:afterCheckedPrefix:)` is built never to accept (a transport reads `parsedURL()`,
    /// which throws instead).
    package var url: URL {
        (try? parsedURL()) ?? Self.unparseable
    }

    /// The Foundation `URL`, parsed at the first call.
    ///
    /// - Throws: `NetworkError.configuration(reason: .invalidRequest)` when `URL(string:)` rejects the text.
    package func parsedURL() throws(NetworkError) -> URL {
        let parsed = cache.withLock { cached -> URL? in
            if let cached { return cached }
            // `text` is non-nil here: a value made from a `URL` has it cached.
            cached = text.flatMap { URL(string: String(decoding: $0, as: UTF8.self)) }
            return cached
        }
        guard let parsed else { throw .configuration(reason: .invalidRequest("the URL '\(string)' is not valid")) }
        return parsed
    }

    /// What `url` gives for text that does not parse.
    private static var unparseable: URL { URL(string: "about:blank") ?? URL(fileURLWithPath: "/") }

    /// Whether the two name the same URL text (`string`), however each was made.
    package static func == (lhs: RequestURL, rhs: RequestURL) -> Bool {
        lhs.string == rhs.string
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(string)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// RFC 3986 `pchar` without `%`, plus `/` and `?` (what a path and a query may hold as they are): the
    /// unreserved characters `A-Z a-z 0-9 - . _ ~`, the sub-delimiters `! $ & ' ( ) * + , ; =`, and `: @ / ?`,
    /// as one bit per ASCII byte (bytes 0-63 in the first word, 64-127 in the second).
    @inline(__always)
    private static func isPathOrQueryCharacter(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0xafff_ffd2_0000_0000
        let high: UInt64 = 0x47ff_fffe_87ff_ffff
        if byte < 64 { return (low >> UInt64(byte)) & 1 == 1 }
        if byte < 128 { return (high >> UInt64(byte - 64)) & 1 == 1 }
        return false
    }
}
