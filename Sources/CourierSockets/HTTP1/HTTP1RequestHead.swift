import CourierHTTP

/// Writes an HTTP/1.1 request head and the framing bytes of a chunked upload (RFC 9112 §3, §7.1).
package enum HTTP1RequestHead {
    /// `METHOD target HTTP/1.1`, `Host` first (unless `headers` has one), the headers in order, then
    /// `Content-Length` or `Transfer-Encoding: chunked` as `framing` says (never both: fields of those names in
    /// `headers` are dropped), and the empty line.
    ///
    /// - Throws: `NetworkError.configuration` when the method is not a token, the target or host holds a
    ///   space or control character, a header name is not a token, or a value holds CR, LF or NUL — so no
    ///   input can inject a line.
    package static func serialize(
        method: HTTPMethod, target: String, host: String, headers: HTTPHeaders, framing: HTTP1RequestFraming
    ) throws(NetworkError) -> [UInt8] {
        let size = try validate(method: method, target: target, host: host, headers: headers)
        return encode(method: method, target: target, host: host, headers: headers, framing: framing, size: size)
    }

    /// `serialize` for a request `validate` accepted (a `PreparedRequest`): the same bytes, without checking
    /// again. `size` is the capacity reserved (`validate`'s result, or an estimate).
    package static func encode(
        method: HTTPMethod, target: String, host: String, headers: HTTPHeaders, framing: HTTP1RequestFraming, size: Int
    ) -> [UInt8] {
        let hasHost = headers.contains { equalsIgnoringCase($0.name, "host") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        bytes.append(contentsOf: method.rawValue.utf8)
        bytes.append(HTTP1Bytes.space)
        bytes.append(contentsOf: target.utf8)
        bytes.append(contentsOf: " HTTP/1.1\r\n".utf8)
        if !hasHost { appendField(&bytes, "Host", host) }
        for field in headers where !isFramingField(field.name) {
            appendField(&bytes, field.name, field.value)
        }
        switch framing {
        case .none: break
        case .length(let length): appendField(&bytes, "Content-Length", String(length))
        case .chunked: appendField(&bytes, "Transfer-Encoding", "chunked")
        }
        bytes.append(contentsOf: crlf)
        return bytes
    }

    /// Checks that the request can go on the wire without injecting a line; returns the size of its head.
    ///
    /// - Throws: as `serialize`.
    package static func validate(
        method: HTTPMethod, target: String, host: String, headers: HTTPHeaders
    ) throws(NetworkError) -> Int {
        guard method.isValidToken else {
            throw .configuration(reason: .invalidRequest("the method '\(method.rawValue)' is not a valid token"))
        }
        guard !target.isEmpty, allBytes(of: target, satisfy: isVisible) else {
            throw .configuration(reason: .invalidRequest("the request target '\(target)' is empty or holds a space or control character"))
        }
        guard allBytes(of: host, satisfy: isVisible) else {
            throw .configuration(reason: .invalidHeader(name: "Host", reason: "the value holds a space or control character"))
        }
        var size = method.rawValue.utf8.count + target.utf8.count + host.utf8.count + 48
        for field in headers {
            guard !field.name.isEmpty, allBytes(of: field.name, satisfy: HTTP1Bytes.isToken) else {
                throw .configuration(reason: .invalidHeader(name: field.name, reason: "the name is empty or not a token"))
            }
            guard allBytes(of: field.value, satisfy: mayBeInValue) else {
                let nul = field.value.utf8.contains(0)
                throw .configuration(reason: .invalidHeader(name: field.name, reason: nul ? "the value contains NUL" : "the value contains CR or LF"))
            }
            size += field.name.utf8.count + field.value.utf8.count + 4
        }
        return size
    }

    /// The line before a chunk of `count` bytes: the size in hex and CRLF. Write `chunkTerminator` after the
    /// data. A `count` of 0 gives no bytes (an empty chunk would end the body; send `lastChunk` for that).
    package static func chunkHeader(count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = Array(String(count, radix: 16).utf8)
        bytes.append(contentsOf: crlf)
        return bytes
    }

    /// The CRLF that follows each chunk's data.
    package static let chunkTerminator: [UInt8] = crlf

    /// The last chunk and the empty trailer section that end a chunked body.
    package static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

    private static let crlf: [UInt8] = [HTTP1Bytes.cr, HTTP1Bytes.lf]

    private static func appendField(_ bytes: inout [UInt8], _ name: String, _ value: String) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(HTTP1Bytes.colon)
        bytes.append(HTTP1Bytes.space)
        bytes.append(contentsOf: value.utf8)
        bytes.append(contentsOf: crlf)
    }

    /// `Content-Length` and `Transfer-Encoding` come from `framing` only.
    private static func isFramingField(_ name: String) -> Bool {
        equalsIgnoringCase(name, "content-length") || equalsIgnoringCase(name, "transfer-encoding")
    }

    /// Whether `name` equals `lowercase` (lowercase letters and `-` only) ignoring ASCII case.
    private static func equalsIgnoringCase(_ name: String, _ lowercase: StaticString) -> Bool {
        guard name.utf8.count == lowercase.utf8CodeUnitCount else { return false }
        var index = 0
        // Safe: `index` stays below `name.utf8.count`, which equals the static string's length (checked above).
        for byte in name.utf8 {
            if byte | 0x20 != lowercase.utf8Start[index] { return false }
            index += 1
        }
        return true
    }

    /// A visible ASCII byte or obs-text: no space, no control character.
    private static func isVisible(_ byte: UInt8) -> Bool { byte > 0x20 && byte != 0x7F }

    /// Anything but CR, LF and NUL, the bytes that would end or cut a field line.
    private static func mayBeInValue(_ byte: UInt8) -> Bool { byte > HTTP1Bytes.cr || (byte != HTTP1Bytes.cr && byte != HTTP1Bytes.lf && byte != 0) }

    /// Whether every UTF-8 byte of `text` satisfies `accepts`. Every field of every request is checked here, so
    /// over the string's contiguous bytes where it has them (native strings do), not through the UTF-8 view's
    /// iterator.
    @inline(__always)
    private static func allBytes(of text: String, satisfy accepts: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(accepts) } ?? text.utf8.allSatisfy(accepts)
    }
}
