import CourierHTTP

/// HTTP/2's rules for header lists (RFC 9113 §8.2, §8.3): checking a response's fields and trailers, and
/// building a request's, independent of frames and HPACK.
package enum HTTP2HeaderRules {
    /// Checks a response's header list (of a final or an interim response) and splits it into its status and
    /// its regular fields, at most `maximumCount` of them.
    ///
    /// - Throws: `HTTP2HeaderListError` naming the first rule broken.
    package static func response(
        _ fields: [HPACKHeaderField], maximumCount: Int = .max
    ) throws(HTTP2HeaderListError) -> (status: Int, headers: HTTPHeaders) {
        var status: Int?
        var regular: [HTTPHeaders.Field] = []
        regular.reserveCapacity(fields.count)
        for field in fields {
            if field.name.utf8.first == UInt8(ascii: ":") {
                guard regular.isEmpty else {
                    throw HTTP2HeaderListError(.pseudoHeaderAfterRegularField, "the pseudo-header '\(field.name)' follows a regular field")
                }
                guard field.name == ":status" else {
                    throw HTTP2HeaderListError(.unexpectedPseudoHeader, "a response has the pseudo-header '\(field.name)'")
                }
                guard status == nil else { throw HTTP2HeaderListError(.duplicateStatus, "a response has two ':status' fields") }
                status = try statusCode(field.value)
                continue
            }
            try check(field, in: "response")
            guard regular.count < maximumCount else { throw tooMany(maximumCount, in: "the response") }
            regular.append(HTTPHeaders.Field(name: field.name, value: field.value))
        }
        guard let status else { throw HTTP2HeaderListError(.missingStatus, "a response has no ':status'") }
        return (status, HTTPHeaders(regular))
    }

    /// Checks a trailer section: regular fields only, at most `maximumCount` of them.
    ///
    /// - Throws: `HTTP2HeaderListError` naming the first rule broken.
    package static func trailers(_ fields: [HPACKHeaderField], maximumCount: Int = .max) throws(HTTP2HeaderListError) -> HTTPHeaders {
        var regular: [HTTPHeaders.Field] = []
        regular.reserveCapacity(fields.count)
        for field in fields {
            if field.name.utf8.first == UInt8(ascii: ":") {
                throw HTTP2HeaderListError(.unexpectedPseudoHeader, "the trailers have the pseudo-header '\(field.name)'")
            }
            try check(field, in: "trailers")
            guard regular.count < maximumCount else { throw tooMany(maximumCount, in: "the trailers") }
            regular.append(HTTPHeaders.Field(name: field.name, value: field.value))
        }
        return HTTPHeaders(regular)
    }

    /// A request's header list: the pseudo-headers (`:method`, `:scheme`, `:authority`, `:path`; only
    /// `:method` and `:authority` for CONNECT, §8.5), then `headers` with names lowercased, values trimmed of
    /// surrounding spaces and tabs, and without the fields HTTP/2 forbids: the connection-specific ones, those
    /// `Connection` names, and `te` unless it is `trailers`. A `Host` field becomes `:authority` in place of
    /// `authority`, as it replaces the default `Host` over HTTP/1.1 (§8.3.1); each
    /// `cookie` is split at its `; ` separators so each crumb is indexed on its own (§8.2.3).
    ///
    /// `headers` are assumed valid HTTP fields (`HTTPHeaders.validate()`: token names, no CR, LF or NUL).
    package static func request(
        method: String, scheme: String, authority: String, path: String, headers: HTTPHeaders
    ) -> [HPACKHeaderField] {
        var authority = authority
        var nominated: Set<String> = []
        for field in headers {
            let name = field.name.lowercasedASCII
            if name == "host" { authority = trimmed(field.value) }
            if name == "connection" {
                for token in field.value.split(separator: ",") { nominated.insert(trimmed(token).lowercased()) }
            }
        }
        var fields = [HPACKHeaderField(name: ":method", value: method)]
        if method != "CONNECT" { fields.append(HPACKHeaderField(name: ":scheme", value: scheme)) }
        fields.append(HPACKHeaderField(name: ":authority", value: authority))
        if method != "CONNECT" { fields.append(HPACKHeaderField(name: ":path", value: path)) }
        for field in headers {
            let name = field.name.lowercasedASCII
            let value = trimmed(field.value)
            if name == "host" || nominated.contains(name) || connectionSpecificNames.contains(name) { continue }
            if name == "te", value.lowercased() != "trailers" { continue }
            if name == "cookie" {
                for crumb in value.split(separator: ";") where !trimmed(crumb).isEmpty {
                    fields.append(HPACKHeaderField(name: name, value: String(trimmed(crumb))))
                }
                continue
            }
            fields.append(HPACKHeaderField(name: name, value: value))
        }
        return fields
    }

    /// Fields that describe one HTTP/1.1 connection, which HTTP/2 forbids (§8.2.2; `te` is checked apart).
    static let connectionSpecificNames: Set<String> = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]

    /// A `:status` value: three digits.
    private static func statusCode(_ value: String) throws(HTTP2HeaderListError) -> Int {
        let digits = Array(value.utf8)
        guard digits.count == 3, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw HTTP2HeaderListError(.invalidStatus, "':status' is '\(value)', not three digits")
        }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// The rules for a regular field's name and value (§8.2.1, §8.2.2).
    private static func check(_ field: HPACKHeaderField, in section: String) throws(HTTP2HeaderListError) {
        let name = field.name.utf8
        // 0x00-0x20, 'A'-'Z', 0x7F-0xFF are excluded; the colon (only a pseudo-header's first octet) too.
        guard !name.isEmpty, name.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !(0x41...0x5A).contains($0) && $0 != 0x3A }) else {
            throw HTTP2HeaderListError(.invalidName, "the \(section) have the field name '\(field.name)', which is not lowercase visible ASCII")
        }
        if connectionSpecificNames.contains(field.name) || (field.name == "te" && field.value != "trailers") {
            throw HTTP2HeaderListError(.connectionSpecificField, "the \(section) have the connection-specific field '\(field.name)'")
        }
        let value = field.value.utf8
        if value.contains(where: { $0 == 0x00 || $0 == 0x0A || $0 == 0x0D }) {
            throw HTTP2HeaderListError(.invalidValue, "the value of '\(field.name)' in the \(section) holds NUL, CR or LF")
        }
        if let first = value.first, let last = value.last, isSpaceOrTab(first) || isSpaceOrTab(last) {
            throw HTTP2HeaderListError(.invalidValue, "the value of '\(field.name)' in the \(section) starts or ends with whitespace")
        }
    }

    private static func tooMany(_ maximumCount: Int, in section: String) -> HTTP2HeaderListError {
        HTTP2HeaderListError(.tooManyFields, "\(section) has more than \(maximumCount) header fields")
    }

    private static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// `text` without leading and trailing spaces and tabs (itself, uncopied, when it has none).
    private static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last, isSpaceOrTab(first) || isSpaceOrTab(last) else { return text }
        return String(trimmed(text[...]))
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text.drop { $0 == " " || $0 == "\t" }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
