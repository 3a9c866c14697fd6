/// The size line before each chunk of a chunked body (RFC 9112 §7.1): pure, used by `HTTP1ResponseParser`.
enum HTTP1ChunkSizeLine {
    /// `1a;name=value` → 26: hex digits, then optional extensions (checked for control characters, ignored).
    static func parse(_ line: UnsafeRawBufferPointer) throws(HTTP1ParseError) -> Int64 {
        var position = 0
        guard let content = HTTP1HeadParser.nextLine(line, &position) else {
            throw .malformed("a chunk-size line has no line end")
        }
        var size: Int64 = 0
        var index = content.lowerBound
        while index < content.upperBound, let digit = hexValue(line[index]) {
            let (shifted, overflow) = size.multipliedReportingOverflow(by: 16)
            guard !overflow else { throw .malformed("the chunk size \(HTTP1HeadParser.quote(line, content)) is too large") }
            size = shifted | Int64(digit)
            index += 1
        }
        guard index > content.lowerBound else {
            if index < content.upperBound && line[index] == HTTP1Bytes.cr {
                throw .malformed("bare CR (a CR not followed by LF) in a chunk-size line")
            }
            throw .malformed("bad chunk size \(HTTP1HeadParser.quote(line, content)): not a hexadecimal number")
        }
        while index < content.upperBound, HTTP1Bytes.isWhitespace(line[index]) { index += 1 }
        if index < content.upperBound && line[index] == HTTP1Bytes.cr {
            throw .malformed("bare CR (a CR not followed by LF) in a chunk-size line")
        }
        if index < content.upperBound {
            guard line[index] == HTTP1Bytes.semicolon else {
                throw .malformed("bad chunk size \(HTTP1HeadParser.quote(line, content)): not a hexadecimal number")
            }
            for position in index..<content.upperBound where !HTTP1Bytes.isFieldContent(line[position]) {
                throw .malformed("a chunk extension holds \(HTTP1HeadParser.controlName(line[position]))")
            }
        }
        return size
    }

    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
