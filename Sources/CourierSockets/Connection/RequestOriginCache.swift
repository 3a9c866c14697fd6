#if os(Linux)
import CourierHTTP

/// The origins a transport has sent to, by the exact text of their `scheme://authority`: a client sends to a
/// handful of them, and parsing every request's URL with Foundation only to read its host and port cost
/// about 2% of a loopback GET's CPU. The host and port of a URL depend on that text alone, so an entry is
/// what parsing any URL that starts with it would give. Text with credentials (`user:password@`) is never
/// kept. At most `capacity` entries; when full, the table starts over.
final class RequestOriginCache: Sendable {
    private let table = LockedState<[String: RequestOrigin]>([:])
    private let capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The entry for `prefix`, or what `read` returns, which is then kept. A `read` that throws keeps nothing.
    func origin(for prefix: Substring, read: () throws -> RequestOrigin) throws -> RequestOrigin {
        let key = String(prefix)
        if let known = table.withLock({ $0[key] }) { return known }
        let origin = try read()
        table.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = origin
        }
        return origin
    }

    /// `scheme://authority` at the start of the absolute URL text `url` (up to the first `/`, `?` or `#` after
    /// `//`, or the end), or `nil` when `url` does not start with a scheme and `//`, or its authority is empty
    /// or holds credentials (`@`).
    static func originPrefix(of url: String) -> Substring? {
        let utf8 = url.utf8
        var index = utf8.startIndex
        // RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) then ":".
        var schemeLength = 0
        while index < utf8.endIndex {
            let byte = utf8[index]
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isOther = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if isLetter || (schemeLength > 0 && isOther) {
                schemeLength += 1
                utf8.formIndex(after: &index)
            } else {
                break
            }
        }
        guard schemeLength > 0 else { return nil }
        for expected in [UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "/")] {
            guard index < utf8.endIndex, utf8[index] == expected else { return nil }
            utf8.formIndex(after: &index)
        }
        let authorityStart = index
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@") { return nil }
            utf8.formIndex(after: &index)
        }
        guard authorityStart < index else { return nil }
        return url[url.startIndex..<index]
    }
}
#endif
