extension SetCookie {
    /// The `Set-Cookie` fields in `value`, a value URLSession joined from several fields with ", " (its
    /// `allHeaderFields` has one value per name, on Linux and Apple platforms alike): a comma separates two fields
    /// only where what follows it, up to the next `;`, is `token=…` — so the commas of
    /// `Expires=Wed, 21 Oct 2015 07:28:00 GMT` and of values like `a=x,y` stay.
    ///
    /// Only `URLSessionTransport` calls it, where the fields cannot be had unjoined; the jar takes each field it is
    /// given as one cookie. Its cost there: a single field whose value holds `, name=` (`z=y, a=b`, one cookie by
    /// RFC 6265bis) reads as two, and a nameless cookie after a comma as part of the one before.
    package static func split(_ value: String) -> [String] {
        let bytes = Array(value.utf8)
        var fields: [String] = []
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == UInt8(ascii: ",") && startsField(bytes[(index + 1)...]) {
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
            start = index + 1
        }
        fields.append(String(decoding: bytes[start...], as: UTF8.self))
        return fields.map { $0.trimmingWSP }.filter { !$0.isEmpty }
    }

    /// Whether `rest` (after a comma) starts with optional whitespace, then a token (RFC 9110 `tchar`s), then `=`.
    private static func startsField(_ rest: ArraySlice<UInt8>) -> Bool {
        let afterSpace = rest.drop { $0 == 0x20 || $0 == 0x09 }
        let name = afterSpace.prefix(while: HTTPMethod.isTokenByte)
        return !name.isEmpty && afterSpace.dropFirst(name.count).drop { $0 == 0x20 || $0 == 0x09 }.first == UInt8(ascii: "=")
    }
}

extension String {
    /// Without leading and trailing spaces and TABs.
    fileprivate var trimmingWSP: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
