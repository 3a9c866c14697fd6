/// A byte-level JSON (RFC 8259) parser producing the flat node array of a `JSONDocument`.
///
/// Strict grammar (plus the single trailing comma Foundation's `JSONDecoder` tolerates), UTF-8 validation inside strings, escape and surrogate-pair validation, and a nesting
/// limit so hostile input produces `JSONParseError.Reason.nestingTooDeep` instead of a stack overflow.
/// Relies on the `0` sentinel byte at `bytes[count]`: every scanning loop stops at it.
struct JSONParser {
    private let bytes: UnsafeMutablePointer<UInt8>
    private let end: Int
    private let maximumDepth: Int
    private var position = 0
    private(set) var nodes: UnsafeMutablePointer<JSONNode>
    private var capacity: Int
    private(set) var count = 0
    /// Whether `nodes` is storage this parser allocated (after outgrowing the caller's), rather than the
    /// `initialNodes` the caller owns.
    private(set) var ownsNodes = false

    /// How many nodes to make room for before parsing `byteCount` bytes: typical JSON has one node per 6–10
    /// bytes, so growing is rare.
    static func initialNodeCapacity(forByteCount byteCount: Int) -> Int {
        max(16, byteCount / 6)
    }

    /// A parser over the `count` bytes at `bytes` (followed by the `0` sentinel) that writes its nodes into
    /// `initialNodes` (room for `initialCapacity`; the parser's to free and replace when `ownsInitialNodes`,
    /// else the caller's) and, should they not fit, into storage of its own (`ownsNodes`).
    init(
        bytes: UnsafeMutablePointer<UInt8>, count: Int, maximumDepth: Int,
        initialNodes: UnsafeMutablePointer<JSONNode>, initialCapacity: Int, ownsInitialNodes: Bool
    ) {
        self.bytes = bytes
        self.end = count
        self.maximumDepth = maximumDepth
        capacity = initialCapacity
        nodes = initialNodes
        ownsNodes = ownsInitialNodes
    }

    /// Frees the node storage the parser allocated itself, if any (only after a failed parse; on success
    /// `JSONDocument` owns it).
    func deallocate() {
        if ownsNodes { nodes.deallocate() }
    }

    /// Parses one top-level value surrounded by optional whitespace (and an optional UTF-8 BOM), then
    /// appends the spare `null` node.
    mutating func parseDocument() throws(JSONParseError) {
        if end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
        try parseValue(depth: 0)
        skipWhitespace()
        if position != end { throw error(.trailingCharacters) }
        append(JSONNode(kind: .null, flags: 0, offset: end, length: 0))
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(JSONParseError) {
        skipWhitespace()
        switch bytes[position] {
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        case UInt8(ascii: "t"): try parseLiteral("true", .true)
        case UInt8(ascii: "f"): try parseLiteral("false", .false)
        case UInt8(ascii: "n"): try parseLiteral("null", .null)
        default: throw unexpected()
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) {
        if depth > maximumDepth { throw error(.nestingTooDeep(limit: maximumDepth)) }
        position += 1
        let index = append(JSONNode(kind: .object, flags: 0, offset: 0, length: 0))
        var pairs = 0
        // One bit per (length, first byte, last byte) signature of the keys so far: a new key whose bit
        // is clear cannot repeat an earlier one; when set, the earlier keys are compared.
        var signatures: UInt64 = 0
        var mayRepeatKeys = false
        skipWhitespace()
        if bytes[position] == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                skipWhitespace()
                guard bytes[position] == UInt8(ascii: "\"") else { throw unexpected() }
                try parseString()
                if !mayRepeatKeys {
                    let key = nodes[count - 1]
                    if key.flags & JSONNode.escaped != 0 {
                        mayRepeatKeys = true
                    } else {
                        let bit = Self.signatureBit(of: key, in: bytes)
                        if signatures & bit != 0 && repeatsEarlierKey(count - 1, inObject: index) { mayRepeatKeys = true }
                        signatures |= bit
                    }
                }
                skipWhitespace()
                guard bytes[position] == UInt8(ascii: ":") else { throw unexpected() }
                position += 1
                try parseValue(depth: depth)
                pairs += 1
                skipWhitespace()
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: ",") {
                    if allowsTrailingComma(before: UInt8(ascii: "}")) { break }
                    continue
                }
                if byte == UInt8(ascii: "}") { break }
                position -= 1
                throw unexpected()
            }
        }
        nodes[index].offset = pairs
        nodes[index].length = count - index
        if mayRepeatKeys { nodes[index].flags = JSONNode.mayRepeatKeys }
    }

    /// The signature bit of a key node without escapes: its length and first and last bytes, mixed.
    @inline(__always)
    private static func signatureBit(of key: JSONNode, in bytes: UnsafeMutablePointer<UInt8>) -> UInt64 {
        guard key.length > 0 else { return 1 }
        let first = UInt64(bytes[key.offset]), last = UInt64(bytes[key.offset + key.length - 1])
        let mixed = (UInt64(truncatingIfNeeded: key.length) &* 0x9E37_79B9) ^ (first &* 0x85EB_CA6B) ^ (last &* 0xC2B2_AE35)
        return 1 &<< ((mixed ^ (mixed &>> 29)) & 63)
    }

    /// Whether the key node at `keyIndex` equals an earlier key of the object at `object` (all without
    /// escapes: an escaped key marks the object before this is asked).
    private func repeatsEarlierKey(_ keyIndex: Int, inObject object: Int) -> Bool {
        let key = nodes[keyIndex]
        var index = object + 1
        while index < keyIndex {
            let earlier = nodes[index]
            if earlier.length == key.length
                && UnsafeBufferPointer(start: bytes + earlier.offset, count: key.length)
                    .elementsEqual(UnsafeBufferPointer(start: bytes + key.offset, count: key.length)) {
                return true
            }
            index += 1
            index += nodes[index].span
        }
        return false
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) {
        if depth > maximumDepth { throw error(.nestingTooDeep(limit: maximumDepth)) }
        position += 1
        let index = append(JSONNode(kind: .array, flags: 0, offset: 0, length: 0))
        var elements = 0
        skipWhitespace()
        if bytes[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                try parseValue(depth: depth)
                elements += 1
                skipWhitespace()
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: ",") {
                    if allowsTrailingComma(before: UInt8(ascii: "]")) { break }
                    continue
                }
                if byte == UInt8(ascii: "]") { break }
                position -= 1
                throw unexpected()
            }
        }
        nodes[index].offset = elements
        nodes[index].length = count - index
    }

    private mutating func parseLiteral(_ literal: StaticString, _ kind: JSONNode.Kind) throws(JSONParseError) {
        let length = literal.utf8CodeUnitCount
        let expected = literal.utf8Start
        for offset in 0..<length {
            // The sentinel stops the comparison at the end of the input.
            if bytes[position] != expected[offset] { throw unexpected() }
            position += 1
        }
        append(JSONNode(kind: kind, flags: 0, offset: position - length, length: length))
    }

    private mutating func parseNumber() throws(JSONParseError) {
        let start = position
        var flags: UInt8 = 0
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let first = bytes[position]
        if first == UInt8(ascii: "0") {
            position += 1
        } else if Self.isDigit(first) {
            position += 1
            while Self.isDigit(bytes[position]) { position += 1 }
        } else {
            throw numberError()
        }
        if bytes[position] == UInt8(ascii: ".") {
            flags = JSONNode.nonInteger
            position += 1
            guard Self.isDigit(bytes[position]) else { throw numberError() }
            while Self.isDigit(bytes[position]) { position += 1 }
        }
        if bytes[position] | 0x20 == UInt8(ascii: "e") {
            flags = JSONNode.nonInteger
            position += 1
            if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard Self.isDigit(bytes[position]) else { throw numberError() }
            while Self.isDigit(bytes[position]) { position += 1 }
        }
        append(JSONNode(kind: .number, flags: flags, offset: start, length: position - start))
    }

    private mutating func parseString() throws(JSONParseError) {
        let quote = position
        position += 1
        let start = position
        var flags: UInt8 = 0
        while true {
            // Skip eight plain ASCII bytes at a time, then straight to the first byte that needs a look.
            while position + 8 <= end {
                let attention = Self.attentionMask(UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self))
                if attention == 0 {
                    position += 8
                } else {
                    position += attention.trailingZeroBitCount &>> 3
                    break
                }
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                flags = JSONNode.escaped
                try skipEscape()
            } else if byte < 0x20 {
                if position == end { throw JSONParseError(reason: .unexpectedEndOfInput, offset: quote, in: bytes) }
                throw error(.controlCharacterInString)
            } else if byte >= 0x80 {
                try skipUTF8Sequence()
            } else {
                position += 1
            }
        }
        append(JSONNode(kind: .string, flags: flags, offset: start, length: position - start))
        position += 1
    }

    /// Validates one escape starting at the backslash and moves past it.
    private mutating func skipEscape() throws(JSONParseError) {
        let backslash = position
        position += 1
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            let unit = try readHex4(escapeStart: backslash)
            if unit >= 0xDC00 && unit <= 0xDFFF {
                throw JSONParseError(reason: .unpairedSurrogate, offset: backslash, in: bytes)
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw JSONParseError(reason: .unpairedSurrogate, offset: backslash, in: bytes)
                }
                position += 2
                let low = try readHex4(escapeStart: position - 2)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw JSONParseError(reason: .unpairedSurrogate, offset: backslash, in: bytes)
                }
            }
        default:
            if position == end { throw error(.unexpectedEndOfInput) }
            throw JSONParseError(reason: .invalidEscapeSequence, offset: backslash, in: bytes)
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = JSONEscapes.hexDigit(bytes[position]) else {
                if position == end { throw error(.unexpectedEndOfInput) }
                throw JSONParseError(reason: .invalidEscapeSequence, offset: escapeStart, in: bytes)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence (no overlongs, no surrogates, at most U+10FFFF).
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = bytes[position]
        let continuationCount: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
        case 0xED: continuationCount = 2; secondRange = 0x80...0x9F
        case 0xF0: continuationCount = 3; secondRange = 0x90...0xBF
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4: continuationCount = 3; secondRange = 0x80...0x8F
        default: throw error(.invalidUTF8)
        }
        let start = position
        position += 1
        for index in 0..<continuationCount {
            let byte = bytes[position]
            let valid = index == 0 ? secondRange.contains(byte) : (byte & 0xC0 == 0x80)
            guard valid else {
                if position == end { throw error(.unexpectedEndOfInput) }
                throw JSONParseError(reason: .invalidUTF8, offset: start, in: bytes)
            }
            position += 1
        }
    }

    // MARK: - Helpers

    /// After a comma: when the container closes right away (`[1,]`, `{"a":1,}`), consumes the closing
    /// byte and returns `true`. Foundation's `JSONDecoder` accepts one trailing comma, so a drop-in
    /// replacement must too; two commas, or a comma alone (`[,]`), are still errors.
    @inline(__always) private mutating func allowsTrailingComma(before closing: UInt8) -> Bool {
        skipWhitespace()
        guard bytes[position] == closing else { return false }
        position += 1
        return true
    }

    @inline(__always) private mutating func skipWhitespace() {
        // Most tokens follow the previous one directly; every whitespace byte is at most 0x20.
        if bytes[position] > 0x20 { return }
        while true {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    @discardableResult
    @inline(__always) private mutating func append(_ node: JSONNode) -> Int {
        if count == capacity { grow() }
        (nodes + count).initialize(to: node)
        count += 1
        return count - 1
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newNodes = UnsafeMutablePointer<JSONNode>.allocate(capacity: newCapacity)
        newNodes.moveInitialize(from: nodes, count: count)
        if ownsNodes { nodes.deallocate() }   // the caller's initial nodes stay the caller's to free
        ownsNodes = true
        nodes = newNodes
        capacity = newCapacity
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// The high bit of each of the eight bytes (loaded little-endian) that is `"`, `\`, a control
    /// character or non-ASCII; `0` when none is. Bytes after the first flagged one may be flagged
    /// wrongly (a borrow carries into them), so only the lowest set bit is meaningful — it is exact.
    @inline(__always) private static func attentionMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & high
    }

    private func error(_ reason: JSONParseError.Reason) -> JSONParseError {
        JSONParseError(reason: reason, offset: position, in: bytes)
    }

    private func unexpected() -> JSONParseError {
        position == end ? error(.unexpectedEndOfInput) : error(.unexpectedCharacter(bytes[position]))
    }

    private func numberError() -> JSONParseError {
        position == end ? error(.unexpectedEndOfInput) : error(.invalidNumber)
    }
}
