import Foundation

/// Where `QueryTreeWalker` writes: the percent-encoded wire form or unescaped `URLQueryItem`s.
/// The walker builds each name in `prefix` piece by piece and rewinds it with `rewind(to:)`.
protocol QueryOutputSink {
    /// The name being built, as bytes; `nameStart` marks where the current name begins (a
    /// `.flattened` key starts a new name without losing the outer one).
    var prefix: [UInt8] { get set }
    var nameStart: Int { get set }
    /// Appends a key or an index as text, escaped as this sink needs.
    mutating func appendNameText(_ text: String)
    /// Appends `[` , `]`, or `.`, escaped as this sink needs.
    mutating func appendOpenBracket()
    mutating func appendCloseBracket()
    mutating func appendDot()
    /// Writes one `name=value` pair with the current name.
    mutating func emit(_ value: String)
    /// Writes `name=v1<d>v2<d>v3` with the delimiter written in its wire form.
    mutating func emitJoined(_ values: [String], delimiter: UInt8)
}

/// Writes the wire form: `%XX` escapes, `&` between pairs, a space as `%20` or (form bodies) `+`.
struct QueryWireSink: QueryOutputSink {
    var bytes: [UInt8] = []
    var prefix: [UInt8] = []
    var nameStart = 0
    let spaceAsPlus: Bool

    init(spaceAsPlus: Bool) {
        self.spaceAsPlus = spaceAsPlus
        bytes.reserveCapacity(256)
        prefix.reserveCapacity(64)
    }

    mutating func appendNameText(_ text: String) {
        PercentEncoding.append(text, allowing: .queryComponent, spaceAsPlus: spaceAsPlus, to: &prefix)
    }

    mutating func appendOpenBracket() { prefix.append(contentsOf: [UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "B")]) }
    mutating func appendCloseBracket() { prefix.append(contentsOf: [UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "D")]) }
    mutating func appendDot() { prefix.append(UInt8(ascii: ".")) }

    @inline(__always)
    private mutating func beginPair() {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: "&")) }
        if nameStart == 0 {
            bytes.append(contentsOf: prefix)
        } else {
            bytes.append(contentsOf: prefix[nameStart...])
        }
        bytes.append(UInt8(ascii: "="))
    }

    mutating func emit(_ value: String) {
        beginPair()
        PercentEncoding.append(value, allowing: .queryComponent, spaceAsPlus: spaceAsPlus, to: &bytes)
    }

    mutating func emitJoined(_ values: [String], delimiter: UInt8) {
        beginPair()
        for (index, value) in values.enumerated() {
            if index > 0 {
                // A comma is a sub-delimiter and travels as is (`tags=a,b`); `|` and space are escaped.
                if delimiter == UInt8(ascii: ",") {
                    bytes.append(delimiter)
                } else {
                    PercentEncoding.appendByte(delimiter, allowing: .queryComponent, spaceAsPlus: spaceAsPlus, to: &bytes)
                }
            }
            PercentEncoding.append(value, allowing: .queryComponent, spaceAsPlus: spaceAsPlus, to: &bytes)
        }
    }
}

/// Collects unescaped `URLQueryItem`s.
struct QueryItemSink: QueryOutputSink {
    var items: [URLQueryItem] = []
    var prefix: [UInt8] = []
    var nameStart = 0

    mutating func appendNameText(_ text: String) { prefix.append(contentsOf: text.utf8) }
    mutating func appendOpenBracket() { prefix.append(UInt8(ascii: "[")) }
    mutating func appendCloseBracket() { prefix.append(UInt8(ascii: "]")) }
    mutating func appendDot() { prefix.append(UInt8(ascii: ".")) }

    private var name: String { String(decoding: prefix[nameStart...], as: UTF8.self) }

    mutating func emit(_ value: String) {
        items.append(URLQueryItem(name: name, value: value))
    }

    mutating func emitJoined(_ values: [String], delimiter: UInt8) {
        items.append(URLQueryItem(name: name, value: values.joined(separator: String(UnicodeScalar(delimiter)))))
    }
}
