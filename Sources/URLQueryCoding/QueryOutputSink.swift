import Foundation

/// Where `QueryTreeWalker` writes: the percent-encoded wire form or unescaped `URLQueryItem`s.
/// The walker builds each name in `prefix` piece by piece and rewinds it with `rewind(to:)`.
protocol QueryOutputSink {
    /// The name being built, as bytes; `nameStart` marks where the current name begins (a
    /// `.flattened` key starts a new name without losing the outer one).
    var prefix: [UInt8] { get set }
    var nameStart: Int { get set }
    /// Appends a key as text, escaped as this sink needs.
    mutating func appendNameText(_ text: String)
    /// Appends an array index as decimal digits.
    mutating func appendIndex(_ index: Int)
    /// Appends `[` , `]`, or `.`, escaped as this sink needs.
    mutating func appendOpenBracket()
    mutating func appendCloseBracket()
    mutating func appendDot()
    /// Writes one `name=value` pair with the current name.
    mutating func emit(_ value: String)
    /// Writes `name<separator>key=value` without changing `prefix` (the common case of a scalar
    /// property: no prefix bookkeeping).
    mutating func emitLeaf(key: String, separator: QueryKeySeparator, value: String)
    /// Writes `name=v1<d>v2<d>v3` with the delimiter written in its wire form.
    mutating func emitJoined(_ values: [String], delimiter: UInt8)
}

/// Writes the wire form: `%XX` escapes, `&` between pairs, a space as `%20` or (form bodies) `+`.
/// What goes between the current name and a child key.
enum QueryKeySeparator {
    /// Nothing: the key starts the name (top level, or `.flattened`).
    case none
    /// `name[key]`.
    case brackets
    /// `name.key`.
    case dot
}

extension QueryOutputSink {
    mutating func appendIndex(_ index: Int) {
        guard index >= 10 else {
            prefix.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: index))
            return
        }
        var divisor = 10
        while divisor <= index / 10 { divisor *= 10 }
        var remaining = index
        while divisor > 0 {
            prefix.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining / divisor))
            remaining %= divisor
            divisor /= 10
        }
    }
}

struct QueryWireSink: QueryOutputSink {
    var bytes: [UInt8] = []
    var prefix: [UInt8] = []
    var nameStart = 0
    let spaceAsPlus: Bool

    init(spaceAsPlus: Bool) {
        self.spaceAsPlus = spaceAsPlus
        bytes.reserveCapacity(256)
    }

    mutating func appendNameText(_ text: String) {
        PercentEncoding.append(text, allowing: .queryComponent, spaceAsPlus: spaceAsPlus, to: &prefix)
    }

    mutating func appendOpenBracket() {
        prefix.append(UInt8(ascii: "%"))
        prefix.append(UInt8(ascii: "5"))
        prefix.append(UInt8(ascii: "B"))
    }

    mutating func appendCloseBracket() {
        prefix.append(UInt8(ascii: "%"))
        prefix.append(UInt8(ascii: "5"))
        prefix.append(UInt8(ascii: "D"))
    }
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

    mutating func emitLeaf(key: String, separator: QueryKeySeparator, value: String) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: "&")) }
        switch separator {
        case .none:
            PercentEncoding.append(key, allowing: .queryComponent, spaceAsPlus: spaceAsPlus, to: &bytes)
        case .brackets:
            bytes.append(contentsOf: prefix[nameStart...])
            bytes.append(UInt8(ascii: "%"))
            bytes.append(UInt8(ascii: "5"))
            bytes.append(UInt8(ascii: "B"))
            PercentEncoding.append(key, allowing: .queryComponent, spaceAsPlus: spaceAsPlus, to: &bytes)
            bytes.append(UInt8(ascii: "%"))
            bytes.append(UInt8(ascii: "5"))
            bytes.append(UInt8(ascii: "D"))
        case .dot:
            bytes.append(contentsOf: prefix[nameStart...])
            bytes.append(UInt8(ascii: "."))
            PercentEncoding.append(key, allowing: .queryComponent, spaceAsPlus: spaceAsPlus, to: &bytes)
        }
        bytes.append(UInt8(ascii: "="))
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

    mutating func emitLeaf(key: String, separator: QueryKeySeparator, value: String) {
        let name: String
        switch separator {
        case .none: name = key
        case .brackets: name = self.name + "[" + key + "]"
        case .dot: name = self.name + "." + key
        }
        items.append(URLQueryItem(name: name, value: value))
    }

    mutating func emitJoined(_ values: [String], delimiter: UInt8) {
        items.append(URLQueryItem(name: name, value: values.joined(separator: String(UnicodeScalar(delimiter)))))
    }
}
