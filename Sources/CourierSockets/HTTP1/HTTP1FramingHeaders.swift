/// What a head's `Content-Length`, `Transfer-Encoding` and `Connection` fields say, gathered while its
/// fields are parsed and checked together at the end (RFC 9112 §6.1–§6.3, §9.3).
struct FramingHeaders {
    /// The agreed `Content-Length`, if any.
    private(set) var contentLength: Int64?
    /// Whether the transfer codings end with `chunked`.
    private(set) var chunked = false
    /// The coding listed before `chunked` or alone (`gzip` or `deflate`), which the connection decodes.
    private(set) var transferCoding: String?
    /// A `Transfer-Encoding` field was seen (its codings decide the framing, whatever they are).
    private(set) var sawTransferEncoding = false
    /// `Connection: close` was seen.
    private(set) var connectionClose = false
    /// `Connection: keep-alive` was seen.
    private(set) var connectionKeepAlive = false

    private var sawContentLength = false
    private var fault: HTTP1ParseError?

    /// Takes one field into account (the first fault is kept and thrown by `validate`).
    mutating func note(_ buffer: UnsafeRawBufferPointer, name: Range<Int>, value: Range<Int>) {
        guard fault == nil else { return }
        switch name.count {
        case 14 where HTTP1Bytes.equalsIgnoringCase(buffer, name, "content-length"):
            noteContentLength(buffer, value)
        case 17 where HTTP1Bytes.equalsIgnoringCase(buffer, name, "transfer-encoding"):
            noteTransferEncoding(buffer, value)
        case 10 where HTTP1Bytes.equalsIgnoringCase(buffer, name, "connection"):
            HTTP1Bytes.forEachListElement(buffer, value) { (option: Range<Int>) in
                if HTTP1Bytes.equalsIgnoringCase(buffer, option, "close") { connectionClose = true }
                if HTTP1Bytes.equalsIgnoringCase(buffer, option, "keep-alive") { connectionKeepAlive = true }
            }
        default:
            break
        }
    }

    /// Throws the first fault seen, or the one the fields make together.
    func validate(_ buffer: UnsafeRawBufferPointer) throws(HTTP1ParseError) {
        if let fault { throw fault }
        if sawTransferEncoding && sawContentLength {
            throw .malformed("the response has both Content-Length and Transfer-Encoding")
        }
    }

    private mutating func noteContentLength(_ buffer: UnsafeRawBufferPointer, _ value: Range<Int>) {
        sawContentLength = true
        if value.isEmpty { fault = .malformed("an empty Content-Length"); return }
        var elements = 0
        HTTP1Bytes.forEachListElement(buffer, value) { (element: Range<Int>) in
            elements += 1
            guard fault == nil else { return }
            var length: Int64 = 0
            for position in element {
                let byte = buffer[position]
                guard HTTP1HeadParser.isDigit(byte) else {
                    fault = .malformed("Content-Length \(HTTP1HeadParser.quote(buffer, value)) is not a non-negative decimal number")
                    return
                }
                let (times10, overflow1) = length.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                if overflow1 || overflow2 {
                    fault = .malformed("Content-Length \(HTTP1HeadParser.quote(buffer, value)) is too large")
                    return
                }
                length = sum
            }
            if let contentLength, contentLength != length {
                fault = .malformed("conflicting Content-Length values \(contentLength) and \(length)")
                return
            }
            contentLength = length
        }
        if elements == 0 && fault == nil { fault = .malformed("an empty Content-Length") }
    }

    /// RFC 9112 §6.3: `chunked` must be last and appear once; before it (or alone, the body then ending when
    /// the server closes) one `gzip` or `deflate` coding is accepted, since `ContentDecoder` can undo it, and
    /// `identity` is skipped. Any other coding is refused: passing its bytes on as the body would corrupt it.
    private mutating func noteTransferEncoding(_ buffer: UnsafeRawBufferPointer, _ value: Range<Int>) {
        sawTransferEncoding = true
        HTTP1Bytes.forEachListElement(buffer, value) { (element: Range<Int>) in
            guard fault == nil else { return }
            // A coding may carry parameters (`gzip;q=…` is not valid here, but `chunked` must stand alone).
            if HTTP1Bytes.equalsIgnoringCase(buffer, element, "chunked") {
                if chunked { fault = .malformed("Transfer-Encoding lists chunked twice") }
                chunked = true
            } else if chunked {
                fault = .malformed("Transfer-Encoding lists \(HTTP1HeadParser.quote(buffer, element)) after chunked (chunked must be last)")
            } else if HTTP1Bytes.equalsIgnoringCase(buffer, element, "identity") {
                return
            } else if let coding = Self.decodableCoding(buffer, element) {
                if transferCoding != nil { fault = .malformed("Transfer-Encoding lists more than one coding besides chunked") }
                transferCoding = coding
            } else {
                fault = .malformed("unsupported Transfer-Encoding \(HTTP1HeadParser.quote(buffer, element)) (gzip, deflate and chunked are decoded)")
            }
        }
    }

    /// `gzip` (for `gzip` and `x-gzip`) or `deflate`, when `element` names one of them.
    private static func decodableCoding(_ buffer: UnsafeRawBufferPointer, _ element: Range<Int>) -> String? {
        if HTTP1Bytes.equalsIgnoringCase(buffer, element, "gzip") || HTTP1Bytes.equalsIgnoringCase(buffer, element, "x-gzip") { return "gzip" }
        if HTTP1Bytes.equalsIgnoringCase(buffer, element, "deflate") { return "deflate" }
        return nil
    }
}
