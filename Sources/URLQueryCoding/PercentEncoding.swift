/// Percent-encoding (RFC 3986 §2.1) for query components, form bodies and path segments.
///
/// Every encoder in Courier goes through these helpers so the whole library agrees on one rule:
/// characters in the chosen ``AllowedCharacters`` set stay as they are, every other byte of the UTF-8
/// form is written as `%XX` with uppercase hex digits. Use them when building a URL or body by hand, so it is
/// escaped exactly as Courier's own requests are; `addingPercentEncoding` with Foundation's character sets
/// leaves `+`, `&` and `=` as they are in a query, which servers then misread.
///
/// ```swift
/// PercentEncoding.encodeQueryComponent("a+b c&d")   // "a%2Bb%20c%26d"
/// PercentEncoding.encodeFormComponent("a+b c&d")    // "a%2Bb+c%26d"
/// PercentEncoding.encodePathSegment("a/b?c")        // "a%2Fb%3Fc"
/// try PercentEncoding.decode("a%2Bb+c", plusAsSpace: true)  // "a+b c"
/// ```
public enum PercentEncoding {
    /// A set of ASCII characters that are written as they are; every other byte is percent-encoded. Two 64-bit
    /// masks rather than a `CharacterSet`, so checking a byte costs a shift.
    public struct AllowedCharacters: Sendable, Hashable {
        /// Bit `n` set means ASCII code `n` (0–63) is allowed.
        @usableFromInline let low: UInt64
        /// Bit `n` set means ASCII code `n + 64` (64–127) is allowed.
        @usableFromInline let high: UInt64

        /// Creates a set from the ASCII characters of `characters` (non-ASCII characters are ignored:
        /// they are always percent-encoded), for a component with rules of its own.
        public init(ascii characters: String) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for byte in characters.utf8 where byte < 128 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
            self.low = low
            self.high = high
        }

        @usableFromInline
        init(low: UInt64, high: UInt64) {
            self.low = low
            self.high = high
        }

        /// Whether the byte is written as is; always `false` for a byte of 128 or above.
        @inlinable
        public func contains(_ byte: UInt8) -> Bool {
            if byte < 64 { return low & (1 &<< UInt64(byte)) != 0 }
            if byte < 128 { return high & (1 &<< UInt64(byte &- 64)) != 0 }
            return false
        }

        /// The union of two sets: to widen a standard set by a few characters.
        public func union(_ other: AllowedCharacters) -> AllowedCharacters {
            AllowedCharacters(low: low | other.low, high: high | other.high)
        }

        /// RFC 3986 unreserved characters: `A–Z a–z 0–9 - . _ ~`. The only characters Courier leaves
        /// unescaped in query names and values.
        public static var unreserved: AllowedCharacters {
            // The bits of `A–Z a–z 0–9 - . _ ~`, spelled out so no lazy global is touched per call.
            AllowedCharacters(low: 0x03FF_6000_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
        }

        /// Characters left as they are in a query name or value: exactly ``unreserved``, so `+`, `&`,
        /// `=`, `#`, `[`, `]`, `,` and space are always escaped and no server can misread them.
        public static var queryComponent: AllowedCharacters { unreserved }

        /// Characters allowed in one path segment (RFC 3986 `pchar`): unreserved, sub-delims
        /// `! $ & ' ( ) * + , ; =`, and `:` `@`. `/`, `?`, `#` and `%` are escaped.
        public static let pathSegment = unreserved.union(AllowedCharacters(ascii: "!$&'()*+,;=:@"))
    }

    /// Percent-encodes `string`, leaving the characters in `allowed` as they are. With `spaceAsPlus`
    /// a space becomes `+` (form bodies) instead of `%20`. The general form of the three helpers below; use it
    /// for a component with a set of its own.
    public static func encode(
        _ string: String, allowing allowed: AllowedCharacters = .unreserved, spaceAsPlus: Bool = false
    ) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 8)
        append(string, allowing: allowed, spaceAsPlus: spaceAsPlus, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Encodes a query name or value for a URL: unreserved characters stay, a space becomes `%20`,
    /// everything else (`+`, `&`, `=`, `#`, `[`, `]`, non-ASCII…) becomes `%XX`. `%20` rather than `+`, because
    /// RFC 3986 servers read a `+` in a query as a plus.
    public static func encodeQueryComponent(_ string: String) -> String {
        encode(string, allowing: .queryComponent)
    }

    /// Encodes a name or value for an `application/x-www-form-urlencoded` body: like
    /// ``encodeQueryComponent(_:)`` but a space becomes `+` (and `+` itself `%2B`), as HTML forms write it and
    /// every form parser reads it.
    public static func encodeFormComponent(_ string: String) -> String {
        encode(string, allowing: .queryComponent, spaceAsPlus: true)
    }

    /// Encodes a value as exactly one path segment: `/` becomes `%2F`, `?` `%3F`, `#` `%23`, `%` `%25`. For path
    /// parameters, so a value such as `a/b` cannot reach another route or add a query.
    public static func encodePathSegment(_ string: String) -> String {
        encode(string, allowing: .pathSegment)
    }

    /// Decodes `%XX` escapes (and, with `plusAsSpace`, `+` as a space: on for form bodies, off for RFC 3986
    /// queries). Unlike `removingPercentEncoding`, which returns `nil`, the error says where the input is broken.
    ///
    /// - Throws: ``PercentEncodingError`` for a `%` not followed by two hex digits, or when the
    ///   decoded bytes are not valid UTF-8.
    public static func decode(_ string: String, plusAsSpace: Bool = false) throws(PercentEncodingError) -> String {
        var needsWork = false
        for byte in string.utf8 where byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) {
            needsWork = true
            break
        }
        if !needsWork { return string }
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count)
        var iterator = string.utf8.makeIterator()
        var offset = 0
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw PercentEncodingError(kind: .malformedEscape, offset: offset)
                }
                out.append(high << 4 | low)
                offset += 3
            } else {
                out.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                offset += 1
            }
        }
        // Decoding replaces each ill-formed sequence with U+FFFD, so the bytes round-trip only when they were valid
        // UTF-8. (`String(validating:as:)` says the same in one call, but only from macOS 15 / iOS 18.)
        let decoded = String(decoding: out, as: UTF8.self)
        guard decoded.utf8.elementsEqual(out) else {
            throw PercentEncodingError(kind: .invalidUTF8, offset: 0)
        }
        return decoded
    }

    /// Encodes `string` for a URL while keeping escapes that are already there: a valid `%XX` is kept,
    /// every other byte outside `allowed` is percent-encoded. Used for paths written by hand, such as
    /// `users/%E2%9C%93` or `my docs`, which may or may not be escaped already: escaping again would turn
    /// `%E2` into `%25E2`.
    ///
    /// - Throws: ``PercentEncodingError`` with kind `.malformedEscape` for `%`, `%2` or `%ZZ`.
    public static func encodePreservingEscapes(
        _ string: String, allowing allowed: AllowedCharacters
    ) throws(PercentEncodingError) -> String {
        let source = Array(string.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(source.count + 8)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < source.count, hexValue(source[index + 1]) != nil, hexValue(source[index + 2]) != nil else {
                    throw PercentEncodingError(kind: .malformedEscape, offset: index)
                }
                out.append(contentsOf: source[index...(index + 2)])
                index += 3
            } else {
                appendByte(byte, allowing: allowed, spaceAsPlus: false, to: &out)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Internal fast paths

    /// Appends the percent-encoded UTF-8 of `string` to `bytes`.
    @inlinable
    static func append(_ string: String, allowing allowed: AllowedCharacters, spaceAsPlus: Bool, to bytes: inout [UInt8]) {
        var string = string
        string.withUTF8 { source in
            var clean = true
            for byte in source where !allowed.contains(byte) {
                clean = false
                break
            }
            if clean {
                if source.count > 16 {
                    bytes.append(contentsOf: source)
                } else {
                    for byte in source { bytes.append(byte) }
                }
                return
            }
            for byte in source {
                if allowed.contains(byte) {
                    bytes.append(byte)
                } else if spaceAsPlus && byte == UInt8(ascii: " ") {
                    bytes.append(UInt8(ascii: "+"))
                } else {
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(hexDigit(byte &>> 4))
                    bytes.append(hexDigit(byte & 0x0F))
                }
            }
        }
    }

    @inlinable
    static func appendByte(_ byte: UInt8, allowing allowed: AllowedCharacters, spaceAsPlus: Bool, to bytes: inout [UInt8]) {
        if allowed.contains(byte) {
            bytes.append(byte)
        } else if spaceAsPlus && byte == UInt8(ascii: " ") {
            bytes.append(UInt8(ascii: "+"))
        } else {
            bytes.append(UInt8(ascii: "%"))
            bytes.append(hexDigit(byte >> 4))
            bytes.append(hexDigit(byte & 0x0F))
        }
    }

    @inlinable
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ (nibble &- 10)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

/// A percent-encoded string that cannot be decoded: thrown rather than guessed at, because a lenient decoder
/// that keeps a stray `%` reads a value differently from the server.
public struct PercentEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the input: the escape syntax, or the bytes it produced.
    public enum Kind: Sendable, Hashable {
        /// A `%` not followed by two hexadecimal digits (`%`, `%2`, `%ZZ`).
        case malformedEscape
        /// The escapes decode to bytes that are not valid UTF-8 (a Latin-1 sender, or a truncated character):
        /// refused rather than replaced with U+FFFD, which would change the value.
        case invalidUTF8
    }

    /// What is wrong with the input.
    public let kind: Kind
    /// The UTF-8 byte offset of the bad escape in the input (0 for `.invalidUTF8`, which is found only after
    /// decoding), to point at it in a log.
    public let offset: Int

    /// Creates an error; for code that validates escapes the same way.
    public init(kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// A readable description, e.g. `malformed percent escape at byte 4`.
    public var description: String {
        switch kind {
        case .malformedEscape: "malformed percent escape at byte \(offset)"
        case .invalidUTF8: "percent escapes do not decode to valid UTF-8"
        }
    }
}
