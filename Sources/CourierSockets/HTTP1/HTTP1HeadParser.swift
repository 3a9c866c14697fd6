import CourierHTTP

/// Parses one complete response head (status line, header lines, the empty line) and decides the body's
/// framing (RFC 9112 §4, §5, §6.3). Pure; used by `HTTP1ResponseParser` once it has found the head's end.
enum HTTP1HeadParser {
    /// What the request was, which changes how the response is framed.
    struct Request {
        /// A HEAD request: the response has no body whatever its headers say.
        var isHEAD: Bool
        /// A CONNECT request: a 2xx response has no body (the connection becomes a tunnel).
        var isCONNECT: Bool
    }

    /// Parses the head at the start of `head` into a head with its framing, and the offset just past its empty
    /// line; nil if the empty line is not in `head` yet (the lines before it are checked all the same, so a
    /// fault in them throws at once). One pass: each line is found once.
    static func parse(
        _ head: UnsafeRawBufferPointer, request: Request, limits: HTTP1Limits
    ) throws(HTTP1ParseError) -> (head: HTTP1ResponseHead, end: Int)? {
        var position = 0
        guard let statusLine = nextLine(head, &position) else { return nil }
        let (statusCode, minorVersion, reason) = try parseStatusLine(head, statusLine)

        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(16)
        var framingHeaders = FramingHeaders()
        while true {
            guard let line = nextLine(head, &position) else { return nil }
            if line.isEmpty { break }
            if fields.count >= limits.maximumHeaderCount {
                throw .malformed("the response has more than \(limits.maximumHeaderCount) header fields")
            }
            guard let (name, value, ascii) = try parseField(head, line) else { continue }
            framingHeaders.note(head, name: name, value: value)
            fields.append(HTTPHeaders.Field(name: HTTP1Bytes.string(head, name, ascii: true), value: HTTP1Bytes.string(head, value, ascii: ascii)))
        }
        try framingHeaders.validate(head)

        var keepAlive = !framingHeaders.connectionClose && (minorVersion == 1 || framingHeaders.connectionKeepAlive)
        let framing: HTTP1ResponseHead.Framing
        var transferCoding: String?
        if (100..<200).contains(statusCode) || statusCode == 204 || statusCode == 304 || request.isHEAD {
            framing = .none
        } else if request.isCONNECT && (200..<300).contains(statusCode) {
            framing = .none
            keepAlive = false  // the connection now belongs to the tunnel
        } else if framingHeaders.chunked {
            framing = .chunked
            transferCoding = framingHeaders.transferCoding
            // RFC 9112 §6.1: Transfer-Encoding in an HTTP/1.0 message means faulty framing: close afterwards.
            if minorVersion == 0 { keepAlive = false }
        } else if framingHeaders.sawTransferEncoding {
            // RFC 9112 §6.3 (4): codings that do not end with chunked: the body ends when the server closes.
            framing = .untilClose
            transferCoding = framingHeaders.transferCoding
            keepAlive = false
        } else if let length = framingHeaders.contentLength {
            framing = .length(length)
        } else {
            framing = .untilClose
            keepAlive = false
        }
        let parsed = HTTP1ResponseHead(
            statusCode: statusCode, reason: reason, minorVersion: minorVersion, headers: HTTPHeaders(fields),
            keepAlive: keepAlive, framing: framing, transferCoding: transferCoding)
        return (parsed, position)
    }

    /// The next line's content from `position` (without its CRLF or bare LF), moving `position` past it; nil at
    /// the end. A CR left inside is a bare CR: the validators of each kind of line reject it.
    @inline(__always)
    static func nextLine(_ buffer: UnsafeRawBufferPointer, _ position: inout Int) -> Range<Int>? {
        guard let lf = HTTP1Bytes.index(of: HTTP1Bytes.lf, in: buffer, from: position) else { return nil }
        var end = lf
        if end > position && buffer[end - 1] == HTTP1Bytes.cr { end -= 1 }
        let line = position..<end
        position = lf + 1
        return line
    }

    /// `HTTP/1.x NNN reason`: the code, the minor version (0 or 1) and the reason phrase.
    private static func parseStatusLine(_ buffer: UnsafeRawBufferPointer, _ line: Range<Int>) throws(HTTP1ParseError) -> (Int, Int, String) {
        let start = line.lowerBound
        func byte(_ offset: Int) -> UInt8? { start + offset < line.upperBound ? buffer[start + offset] : nil }
        let prefix: StaticString = "HTTP/1."
        // Safe: `index` stays below the static string's length.
        for index in 0..<prefix.utf8CodeUnitCount where byte(index) != prefix.utf8Start[index] {
            throw .malformed("garbage status line \(quote(buffer, line)): it does not start with 'HTTP/1.'")
        }
        guard let minorDigit = byte(7), isDigit(minorDigit), byte(8) == HTTP1Bytes.space else {
            throw .malformed("garbage status line \(quote(buffer, line)): the version is not HTTP/1.x followed by a space")
        }
        var code = 0
        for index in 9..<12 {
            guard let digit = byte(index), isDigit(digit) else {
                throw .malformed("garbage status line \(quote(buffer, line)): the status code is not three digits")
            }
            code = code * 10 + Int(digit - UInt8(ascii: "0"))
        }
        guard code >= 100 else {
            throw .malformed("garbage status line \(quote(buffer, line)): status code \(code) is below 100")
        }
        var reasonRange = (start + 12)..<line.upperBound
        if let separator = byte(12) {
            guard separator == HTTP1Bytes.space else {
                throw .malformed("garbage status line \(quote(buffer, line)): no space after the status code")
            }
            reasonRange = (start + 13)..<line.upperBound
        }
        let (invalid, ascii) = HTTP1Bytes.scanFieldContent(buffer, reasonRange)
        if let invalid { throw .malformed("the reason phrase holds \(controlName(buffer[invalid]))") }
        return (code, minorDigit == UInt8(ascii: "0") ? 0 : 1, HTTP1Bytes.string(buffer, reasonRange, ascii: ascii))
    }

    /// `name: value` → the name, the trimmed value and whether the value is ASCII.
    static func parseField(_ buffer: UnsafeRawBufferPointer, _ line: Range<Int>) throws(HTTP1ParseError) -> (Range<Int>, Range<Int>, Bool)? {
        let first = buffer[line.lowerBound]
        if HTTP1Bytes.isWhitespace(first) {
            throw .malformed("obs-fold: a header line starts with whitespace (line folding is not allowed)")
        }
        var colon = line.lowerBound
        while colon < line.upperBound, buffer[colon] != HTTP1Bytes.colon {
            let byte = buffer[colon]
            guard HTTP1Bytes.isToken(byte) else {
                if byte == 0 { throw .malformed("NUL in a header name") }
                if byte == HTTP1Bytes.cr { throw .malformed("bare CR (a CR not followed by LF) in a header name") }
                if HTTP1Bytes.isWhitespace(byte) { throw .malformed("whitespace in or after the header name \(quote(buffer, line.lowerBound..<colon))") }
                throw .malformed("invalid character \(HTTP1Bytes.describe(byte)) in a header name")
            }
            colon += 1
        }
        guard colon < line.upperBound else { throw .malformed("a header line has no colon: \(quote(buffer, line))") }
        guard colon > line.lowerBound else { throw .malformed("a header line has an empty name") }
        let value = HTTP1Bytes.trimmed(buffer, (colon + 1)..<line.upperBound)
        let (invalid, ascii) = HTTP1Bytes.scanFieldContent(buffer, value)
        if let invalid {
            // A `Set-Cookie` a browser would ignore is dropped alone (RFC 6265bis §5.6), not the response with it.
            if isSetCookie(buffer, line.lowerBound..<colon) { return nil }
            throw .malformed("the value of header \(quote(buffer, line.lowerBound..<colon)) holds \(controlName(buffer[invalid]))")
        }
        return (line.lowerBound..<colon, value, ascii)
    }

    /// Whether the name at `name` is `Set-Cookie` (any case).
    static func isSetCookie(_ buffer: UnsafeRawBufferPointer, _ name: Range<Int>) -> Bool {
        let expected = "set-cookie".utf8
        guard name.count == expected.count else { return false }
        return zip(name, expected).allSatisfy { position, byte in buffer[position] | 0x20 == byte }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// "NUL", "a bare CR (…)" or "the control character 0x07".
    static func controlName(_ byte: UInt8) -> String {
        switch byte {
        case 0: "NUL"
        case HTTP1Bytes.cr: "a bare CR (a CR not followed by LF)"
        default: "the control character \(HTTP1Bytes.describe(byte))"
        }
    }

    /// The bytes in quotes for a message, cut to 64 bytes, controls escaped.
    static func quote(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        var text = "'"
        for position in range.prefix(64) {
            let byte = buffer[position]
            if byte >= 0x20 && byte < 0x7F { text.unicodeScalars.append(Unicode.Scalar(byte)) } else { text += "\\x" + String(byte, radix: 16) }
        }
        return text + (range.count > 64 ? "…'" : "'")
    }

    // MARK: Finding the head (for `HTTP1ResponseParser`, before a head is parsed)

    /// Rejects a head whose first bytes (from `from`, up to 7) are not `HTTP/1.`: a non-HTTP peer fails at once
    /// instead of after a whole head's worth of bytes.
    static func checkVersionPrefix(_ buffer: UnsafeRawBufferPointer, from: Int) throws(HTTP1ParseError) {
        let prefix: StaticString = "HTTP/1."
        var index = from
        // Safe: `index` stays below the static string's length and the buffer's count.
        while index < min(buffer.count, prefix.utf8CodeUnitCount) {
            if buffer[index] != prefix.utf8Start[index] {
                throw .malformed("garbage status line \(HTTP1HeadParser.quote(buffer, 0..<min(buffer.count, 32))): it does not start with 'HTTP/1.'")
            }
            index += 1
        }
    }

    /// The offset just past the empty line that ends a head (CRLF CRLF, or bare LFs), searching LFs from
    /// `from`; nil if it has not arrived. Used for heads that span reads, so each read is scanned once.
    static func headEnd(in buffer: UnsafeRawBufferPointer, from: Int) -> Int? {
        let count = buffer.count
        var position = from
        while let lf = HTTP1Bytes.index(of: HTTP1Bytes.lf, in: buffer, from: position) {
            guard lf + 1 < count else { return nil }
            let next = buffer[lf + 1]
            if next == HTTP1Bytes.lf { return lf + 2 }
            if next == HTTP1Bytes.cr {
                guard lf + 2 < count else { return nil }
                if buffer[lf + 2] == HTTP1Bytes.lf { return lf + 3 }
            }
            position = lf + 1
        }
        return nil
    }
}
