import CourierHTTP
import Foundation

/// Builds a request URL from a base URL, an `EndpointPath` and an encoded query string — pure and exact.
///
/// The rules (each is a test):
/// - The base URL must be absolute (scheme and host) with no query or fragment, else
///   `.configuration(reason: .invalidBaseURL)`.
/// - The base URL's path is kept and the endpoint path appended; a leading slash does not reset it, and no
///   double slash appears at the join (`https://api.example.com/v1` + `/users` →
///   `https://api.example.com/v1/users`). Repeated slashes inside the route collapse to one.
/// - Route text is path only: a literal `?` or `#` is rejected with `.invalidRequest`. Valid `%XX` escapes are
///   kept as written; raw spaces, non-ASCII and other characters outside RFC 3986 `pchar` are
///   percent-encoded (UTF-8); a malformed escape (`%`, `%2`, `%ZZ`) is rejected.
/// - Every interpolated value is exactly one segment: everything but RFC 3986 unreserved characters is
///   percent-encoded (`/` → `%2F`, `?` → `%3F`, `%` → `%25`); a value that makes its segment empty, `.` or `..`
///   is rejected (`/files/\(name)\(ext)` with `ext == "."` is fine: the segment is `name.`), and so is any
///   `.`/`..` segment in the finished path.
///
/// ```swift
/// let url = try RequestURLBuilder.url(baseURL: URL(string: "https://api.example.com/v1")!,
///                                     path: "/users/\("a/b")", query: "page=2")
/// // https://api.example.com/v1/users/a%2Fb?page=2
/// ```
package enum RequestURLBuilder {
    /// Builds the absolute URL; `query` is an already percent-encoded query string (no leading `?`, no raw
    /// `#`), empty or `nil` for none.
    ///
    /// - Throws: `NetworkError.configuration` with `.invalidBaseURL` or `.invalidRequest`.
    package static func url(baseURL: URL, path: EndpointPath, query: String? = nil) throws(NetworkError) -> URL {
        try url(base: base(baseURL), path: path, query: query)
    }

    /// A base URL checked and taken apart once, for every request a client builds against it.
    package struct Base: Sendable {
        /// `scheme://authority`.
        let prefix: String
        /// The base URL's percent-encoded path, as written (used alone when the endpoint path is empty).
        let path: String
        /// `path` without its trailing slash (the endpoint path brings its own leading one).
        let joinablePath: String
        /// The length in UTF-8 bytes of `prefix` + `joinablePath` when `URL(string:)` keeps that text exactly
        /// (see `RequestURL.keepsExactly(_:)`), else `nil`: then every request's URL is parsed when built.
        let checkedPrefixLength: Int?
        /// The UTF-8 bytes of `prefix` + `joinablePath`, which every URL built against this base starts with:
        /// copied into a request's buffer in one go instead of byte by byte from two strings.
        let joinedBytes: [UInt8]
    }

    /// Checks `baseURL` by the rules above and takes it apart.
    ///
    /// - Throws: `NetworkError.configuration(reason: .invalidBaseURL)`.
    package static func base(_ baseURL: URL) throws(NetworkError) -> Base {
        let (prefix, path) = try split(baseURL)
        let joinablePath = path.hasSuffix("/") ? String(path.dropLast()) : path
        let joined = prefix + joinablePath
        return Base(
            prefix: prefix, path: path, joinablePath: joinablePath,
            checkedPrefixLength: RequestURL.keepsExactly(joined) ? joined.utf8.count : nil,
            joinedBytes: Array(joined.utf8)
        )
    }

    /// Builds the absolute URL against an already checked base (see `url(baseURL:path:query:)`).
    ///
    /// - Throws: `NetworkError.configuration(reason: .invalidRequest)`.
    package static func url(base: Base, path: EndpointPath, query: String? = nil) throws(NetworkError) -> URL {
        try location(base: base, path: path, query: query).url
    }

    /// The same URL as `url(base:path:query:)`, as a `RequestURL`: not parsed into a `URL` when its text is
    /// one that `URL(string:)` keeps exactly (the usual case), else parsed here, failing as `url` fails.
    ///
    /// - Throws: `NetworkError.configuration(reason: .invalidRequest)`.
    package static func location(base: Base, path: EndpointPath, query: String? = nil) throws(NetworkError) -> RequestURL {
        let query = query ?? ""
        // The whole URL in one buffer (the path is encoded straight into it), kept by the `RequestURL` as its text.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(base.joinedBytes.count + 1 + 64 + query.utf8.count)
        bytes.append(contentsOf: base.joinedBytes)
        let pathStart = bytes.count
        try appendEncodedPath(path, to: &bytes)
        if query.utf8.contains(UInt8(ascii: "#")) {
            throw .configuration(reason: .invalidRequest(
                "the query '\(query)' contains a raw '#', which would start a fragment; encode it as %23"
            ))
        }
        if bytes.count == pathStart, base.path.utf8.count > base.joinablePath.utf8.count {
            bytes.append(UInt8(ascii: "/"))   // an empty endpoint path: the base path as written, slash included
        }
        if !query.isEmpty {
            bytes.append(UInt8(ascii: "?"))
            bytes.append(contentsOf: query.utf8)
        }
        if let checked = base.checkedPrefixLength, let location = RequestURL(unparsed: bytes, afterCheckedPrefix: checked) {
            return location
        }
        let result = String(decoding: bytes, as: UTF8.self)
        guard let url = URL(string: result) else {
            throw .configuration(reason: .invalidRequest("the URL '\(result)' is not valid"))
        }
        return RequestURL(url)
    }

    /// The exact URL of `Endpoint.exactURL` with `query` (an encoded query DTO) after its own query: `http` or
    /// `https`, a host, no fragment, every `%` followed by two hex digits, no raw `#` in `query`.
    ///
    /// - Throws: `NetworkError.configuration(reason: .invalidRequest)`.
    package static func location(exact url: URL, query: String?) throws(NetworkError) -> RequestURL {
        let text = url.absoluteString
        func invalid(_ why: String) -> NetworkError { .configuration(reason: .invalidRequest("the exact URL '\(text)' \(why)")) }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { throw invalid("is not http or https") }
        guard let host = url.host, !host.isEmpty else { throw invalid("has no host") }
        guard url.fragment == nil, !text.contains("#") else { throw invalid("has a fragment") }
        let bytes = Array(text.utf8)
        let isHex: (UInt8) -> Bool = { (0x30...0x39).contains($0) || (0x41...0x46).contains($0 & 0xDF) }
        for index in bytes.indices where bytes[index] == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                throw invalid("has a malformed percent escape")
            }
        }
        guard let query, !query.isEmpty else { return RequestURL(url) }
        if query.utf8.contains(UInt8(ascii: "#")) {
            throw .configuration(reason: .invalidRequest("the query '\(query)' contains a raw '#'; encode it as %23"))
        }
        let joined = text + (url.query == nil ? "?" : text.hasSuffix("?") || text.hasSuffix("&") ? "" : "&") + query
        guard let result = URL(string: joined) else { throw invalid("with the query '\(query)' is not valid") }
        return RequestURL(result)
    }

    /// Percent-encodes an endpoint path by the rules above, with a leading `/` (empty for an empty path).
    ///
    /// - Throws: `NetworkError.configuration(reason: .invalidRequest)`.
    package static func encodedPath(_ path: EndpointPath) throws(NetworkError) -> String {
        var bytes: [UInt8] = []
        try appendEncodedPath(path, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `encodedPath(_:)`'s UTF-8 bytes to `output` (nothing for an empty path).
    private static func appendEncodedPath(_ path: EndpointPath, to output: inout [UInt8]) throws(NetworkError) {
        let origin = output.count   // the path's first byte; everything before it is the caller's
        var segmentStart = origin
        // Whether an interpolated value contributed to the current segment: then an empty segment is the
        // value's doing (`/users/\("")/posts` would otherwise collapse into `/users/posts`).
        var segmentHasParameter = false

        func endSegment() throws(NetworkError) {
            if segmentHasParameter && (output.count == segmentStart || isDotSegment(output[segmentStart...])) {
                throw .configuration(reason: .invalidRequest(
                    "a path parameter in '\(path)' makes an empty, '.' or '..' segment, which would change the route"
                ))
            }
            if isDotSegment(output[segmentStart...]) {
                throw .configuration(
                    reason: .invalidRequest("the path '\(path)' contains a '.' or '..' segment")
                )
            }
        }

        /// A `/` of the route: ends the segment before it (repeated slashes collapse) and starts the next.
        func slash() throws(NetworkError) {
            if output.count == origin {
                output.append(UInt8(ascii: "/"))
            } else if output.last != UInt8(ascii: "/") || segmentHasParameter {
                try endSegment()
                output.append(UInt8(ascii: "/"))
            }
            segmentStart = output.count
            segmentHasParameter = false
        }

        let pchar = PercentEncoding.AllowedCharacters.pathSegment   // a global: read once, not per byte
        for component in path.components {
            switch component {
            case .literal(let text):
                var bytes = text
                // unsafe pointers: `withUTF8` lends the bytes for the closure only, and they are only read there.
                // `pchar` has neither `?` nor `#`, so text that passes needs no search for them.
                let plain = bytes.withUTF8 { $0.allSatisfy { $0 == UInt8(ascii: "/") || pchar.contains($0) } }
                if !plain, let mark = text.utf8.first(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
                    throw .configuration(reason: .invalidRequest(
                        "the path '\(path)' contains '\(Character(Unicode.Scalar(mark)))'; paths are path-only, pass query parameters through the endpoint's query"
                    ))
                }
                if plain {
                    // The usual route text (`/users/`, `/v1/items`): nothing to escape, so the bytes go straight
                    // into `output` with the same segment rules as below, without splitting or a String per piece.
                    for byte in text.utf8 {
                        if byte == UInt8(ascii: "/") {
                            try slash()
                        } else {
                            beginSegmentIfNeeded(&output, &segmentStart, origin: origin)
                            output.append(byte)
                        }
                    }
                    continue
                }
                for (position, piece) in text.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
                    if position > 0 { try slash() }  // a `/` before this piece
                    guard !piece.isEmpty else { continue }
                    let encoded: String
                    do {
                        encoded = try PercentEncoding.encodePreservingEscapes(String(piece), allowing: .pathSegment)
                    } catch {
                        throw .configuration(reason: .invalidRequest("the path '\(path)' contains a malformed percent escape"))
                    }
                    beginSegmentIfNeeded(&output, &segmentStart, origin: origin)
                    output.append(contentsOf: encoded.utf8)
                }
            case .parameter(let value):
                beginSegmentIfNeeded(&output, &segmentStart, origin: origin)
                segmentHasParameter = true
                var bytes = value
                // unsafe pointers: `withUTF8` lends the bytes for the closure only, and they are only read there.
                if bytes.withUTF8({ $0.allSatisfy(PercentEncoding.AllowedCharacters.unreserved.contains) }) {
                    output.append(contentsOf: value.utf8)  // ids and slugs: nothing to escape
                } else {
                    output.append(contentsOf: PercentEncoding.encode(value, allowing: .unreserved).utf8)
                }
            }
        }
        if output.count > origin || segmentHasParameter { try endSegment() }
    }

    // MARK: - Base URL

    /// Splits a valid base URL into `scheme://authority` and its percent-encoded path.
    private static func split(_ baseURL: URL) throws(NetworkError) -> (prefix: String, path: String) {
        if let plain = splitPlain(baseURL.absoluteString) { return plain }
        let absolute = baseURL.absoluteURL
        guard let scheme = absolute.scheme, !scheme.isEmpty, let host = absolute.host, !host.isEmpty else {
            throw .configuration(reason: .invalidBaseURL("'\(baseURL.absoluteString)' is not an absolute URL with a scheme and a host"))
        }
        if absolute.query != nil {
            throw .configuration(reason: .invalidBaseURL("'\(baseURL.absoluteString)' has a query; put query parameters in the endpoint"))
        }
        if absolute.fragment != nil {
            throw .configuration(reason: .invalidBaseURL("'\(baseURL.absoluteString)' has a fragment"))
        }
        let string = absolute.absoluteString
        let path = absolute.path(percentEncoded: true)
        if string.hasSuffix(path) {
            return (String(string.dropLast(path.count)), path)
        }
        guard var components = URLComponents(url: absolute, resolvingAgainstBaseURL: true) else {
            throw .configuration(reason: .invalidBaseURL("'\(baseURL.absoluteString)' cannot be parsed"))
        }
        let componentPath = components.percentEncodedPath
        components.percentEncodedPath = ""
        guard let prefix = components.string else {
            throw .configuration(reason: .invalidBaseURL("'\(baseURL.absoluteString)' cannot be parsed"))
        }
        return (prefix, componentPath)
    }

    /// The split of the usual base URL, read from its text in one pass (this runs for every request):
    /// `scheme://host[:port][/path]` with a non-empty host, no user info, no query and no fragment. `nil` for
    /// anything else, which `split` then takes apart (and rejects) through Foundation.
    private static func splitPlain(_ absolute: String) -> (prefix: String, path: String)? {
        let utf8 = absolute.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon > utf8.startIndex else { return nil }
        // A scheme (RFC 3986 §3.1), so that a relative reference such as `a/b://c` is not taken for one.
        for (offset, byte) in utf8[..<colon].enumerated() {
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let other = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard letter || (offset > 0 && other) else { return nil }
        }
        var index = utf8.index(after: colon)
        for _ in 0..<2 {
            guard index < utf8.endIndex, utf8[index] == UInt8(ascii: "/") else { return nil }
            index = utf8.index(after: index)
        }
        let authorityStart = index
        while index < utf8.endIndex {
            switch utf8[index] {
            case UInt8(ascii: "/"): break
            case UInt8(ascii: "@"), UInt8(ascii: "?"), UInt8(ascii: "#"): return nil
            default: utf8.formIndex(after: &index); continue
            }
            break
        }
        // A host, not just a port (`http://:80`).
        guard index > authorityStart, utf8[authorityStart] != UInt8(ascii: ":") else { return nil }
        let pathStart = index
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "?") || utf8[index] == UInt8(ascii: "#") { return nil }
            utf8.formIndex(after: &index)
        }
        return (String(absolute[..<pathStart]), String(absolute[pathStart...]))
    }

    // MARK: - Bytes

    /// Starts the path with its `/` when nothing of it is written yet (`origin` is where it starts).
    private static func beginSegmentIfNeeded(_ output: inout [UInt8], _ segmentStart: inout Int, origin: Int) {
        if output.count == origin {
            output.append(UInt8(ascii: "/"))
            segmentStart = origin + 1
        }
    }

    private static func isDotSegment(_ segment: ArraySlice<UInt8>) -> Bool {
        var dots = 0
        var index = segment.startIndex
        while index < segment.endIndex {
            if segment[index] == UInt8(ascii: ".") {
                index += 1
            } else if segment[index] == UInt8(ascii: "%"), index + 2 < segment.endIndex,
                      segment[index + 1] == UInt8(ascii: "2"), segment[index + 2] | 0x20 == UInt8(ascii: "e") {
                index += 3
            } else {
                return false
            }
            dots += 1
            if dots > 2 { return false }
        }
        return dots == 1 || dots == 2
    }
}
