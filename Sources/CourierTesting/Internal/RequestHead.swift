import Courier

/// A request line and header section, parsed and validated.
struct RequestHead {
    /// How the request body is delimited.
    enum Framing: Equatable {
        case none
        case length(Int64)
        case chunked
    }

    var method: String
    var target: String
    var version: String
    var headers = MockHeaders()

    /// A refusal: what was wrong and the status to answer with (nil: just close).
    struct Failure: Error {
        var kind: MalformedRequest.Kind
        var detail: String
        var status: Int?
    }

    /// Parses `METHOD SP request-target SP HTTP/x.y`.
    init(requestLine line: [UInt8]) throws(Failure) {
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw Failure(kind: .badRequestLine, detail: "request line is not 'METHOD target HTTP/x.y': \(Self.preview(line))", status: 400)
        }
        let method = parts[0], target = parts[1], version = parts[2]
        guard !method.isEmpty, method.allSatisfy(HTTPMethod.isTokenByte) else {
            throw Failure(kind: .badRequestLine, detail: "invalid method in \(Self.preview(line))", status: 400)
        }
        // RFC 9112 §3.2: the target is ASCII (a URI); raw UTF-8 or control bytes are a client bug worth
        // reporting, and could not be recorded as a `String` without loss.
        guard !target.isEmpty, target.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            throw Failure(kind: .badRequestLine, detail: "invalid request target in \(Self.preview(line))", status: 400)
        }
        let versionText = String(decoding: version, as: UTF8.self)
        let digits = Array(version.dropFirst(5))
        guard versionText.hasPrefix("HTTP/"), digits.count == 3, digits[1] == 46,
              (48...57).contains(digits[0]), (48...57).contains(digits[2]) else {
            throw Failure(kind: .badRequestLine, detail: "invalid HTTP version in \(Self.preview(line))", status: 400)
        }
        guard versionText == "HTTP/1.1" || versionText == "HTTP/1.0" else {
            throw Failure(kind: .unsupportedVersion, detail: "\(versionText) is not supported", status: 505)
        }
        self.method = String(decoding: method, as: UTF8.self)
        self.target = String(decoding: target, as: UTF8.self)
        self.version = versionText
    }

    /// Parses and appends one `name: value` header line.
    mutating func addHeader(line: [UInt8]) throws(Failure) {
        let field = try Self.field(line: line)
        headers.add(name: field.name, value: field.value)
    }

    /// Parses one `name: value` header (or trailer) line.
    static func field(line: [UInt8]) throws(Failure) -> MockHeaders.Field {
        guard let first = line.first, first != 32, first != 9 else {
            throw Failure(kind: .badHeader, detail: "folded header line (obs-fold) is not accepted", status: 400)
        }
        guard let colon = line.firstIndex(of: 58) else {
            throw Failure(kind: .badHeader, detail: "header line without a colon: \(preview(line))", status: 400)
        }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(HTTPMethod.isTokenByte) else {
            throw Failure(kind: .badHeader, detail: "invalid header name: \(preview(Array(name)))", status: 400)
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == 32 || byte == 9 { value.removeFirst() }
        while let byte = value.last, byte == 32 || byte == 9 { value.removeLast() }
        guard value.allSatisfy({ $0 >= 32 || $0 == 9 }), !value.contains(127) else {
            throw Failure(kind: .badHeader, detail: "control character in the value of \(String(decoding: name, as: UTF8.self))", status: 400)
        }
        return MockHeaders.Field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }

    /// RFC 9112 §3.2: an HTTP/1.1 request has exactly one `Host` field; no request has two; the value is
    /// `host[:port]` (empty is allowed, for a target without an authority).
    func validateHost() throws(Failure) {
        let hosts = headers.values(for: "Host")
        if hosts.isEmpty {
            guard version == "HTTP/1.0" else {
                throw Failure(kind: .badHost, detail: "an HTTP/1.1 request without a Host header", status: 400)
            }
            return
        }
        guard hosts.count == 1, let host = hosts.first else {
            throw Failure(kind: .badHost, detail: "\(hosts.count) Host headers", status: 400)
        }
        guard host.utf8.allSatisfy(Self.isHostByte) else {
            throw Failure(kind: .badHost, detail: "invalid Host '\(host)'", status: 400)
        }
    }

    /// The bytes of `uri-host [ ":" port ]`: unreserved, percent-encoded, sub-delims, ":" and IPv6 brackets.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~%!$&'()*+,;=:[]".utf8.contains(byte)
        }
    }

    /// How the body is delimited, from `Transfer-Encoding` and `Content-Length` (RFC 9112 §6).
    func framing() throws(Failure) -> Framing {
        let encodings = headers.values(for: "Transfer-Encoding")
        let lengths = headers.values(for: "Content-Length")
        if !encodings.isEmpty {
            guard lengths.isEmpty else {
                throw Failure(kind: .conflictingFraming, detail: "both Content-Length and Transfer-Encoding", status: 400)
            }
            // RFC 9112 §6.1: HTTP/1.0 has no transfer codings; such a message's framing is faulty.
            guard version != "HTTP/1.0" else {
                throw Failure(kind: .conflictingFraming, detail: "Transfer-Encoding in an HTTP/1.0 request", status: 400)
            }
            let codings = encodings.flatMap { $0.split(separator: ",") }
                .map { $0.trimmingSpaces.lowercased() }
                .filter { !$0.isEmpty }
            guard codings == ["chunked"] else {
                throw Failure(kind: .unsupportedTransferEncoding, detail: "Transfer-Encoding '\(encodings.joined(separator: ", "))' (only 'chunked' is supported)", status: 501)
            }
            return .chunked
        }
        guard !lengths.isEmpty else { return .none }
        let values = Set(lengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map(\.trimmingSpaces))
        guard values.count == 1, let text = values.first, !text.isEmpty, text.count <= 18,
              text.utf8.allSatisfy({ (48...57).contains($0) }), let length = Int64(text) else {
            throw Failure(kind: .badContentLength, detail: "invalid Content-Length '\(lengths.joined(separator: ", "))'", status: 400)
        }
        return length == 0 ? .none : .length(length)
    }

    /// Whether the connection may stay open after this request (HTTP/1.1 default on; 1.0 default off).
    var wantsKeepAlive: Bool {
        let tokens = headers.values(for: "Connection").flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces.lowercased() }
        if tokens.contains("close") { return false }
        return version == "HTTP/1.1" || tokens.contains("keep-alive")
    }

    /// Whether the client waits for `100 Continue` before sending the body.
    var expectsContinue: Bool {
        version == "HTTP/1.1" && headers["Expect"]?.lowercased() == "100-continue"
    }

    /// Parses a chunk-size line (`1a2b;ext=1`) into the size.
    static func chunkSize(line: [UInt8]) throws(Failure) -> Int64 {
        let sizePart = line.prefix { $0 != 59 }  // up to ';'
        var digits = sizePart[...]
        while let byte = digits.last, byte == 32 || byte == 9 { digits.removeLast() }
        // Leading zeros carry no value (`0000000000000000003` is 3); only significant digits count.
        while digits.count > 1, digits.first == 48 { digits.removeFirst() }
        guard !digits.isEmpty, digits.count <= 15 else {
            throw Failure(kind: .badChunk, detail: "invalid chunk size line: \(preview(line))", status: 400)
        }
        var size: Int64 = 0
        for byte in digits {
            let digit: Int64
            switch byte {
            case 48...57: digit = Int64(byte - 48)
            case 65...70: digit = Int64(byte - 55)
            case 97...102: digit = Int64(byte - 87)
            default: throw Failure(kind: .badChunk, detail: "invalid chunk size line: \(preview(line))", status: 400)
            }
            size = size * 16 + digit  // at most 15 hex digits: cannot overflow Int64
        }
        return size
    }

    /// The first bytes of a line, printable, for error details.
    static func preview(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(80), as: UTF8.self)
        let printable = String(text.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? "." : Character($0) })
        return "'" + printable + (bytes.count > 80 ? "…'" : "'")
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
