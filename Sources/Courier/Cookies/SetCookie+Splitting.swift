extension SetCookie {
    /// The `Set-Cookie` fields in `value`, which may be several fields joined with ", " (URLSession on Linux joins
    /// repeated fields so): a comma separates two fields only where what follows it, up to the next `;`, is
    /// `token=…` — so the commas of `Expires=Wed, 21 Oct 2015 07:28:00 GMT` and of values like `a=x,y` stay.
    ///
    /// The same rule applies to a field a transport delivered alone, so both transports store the same cookies;
    /// its one cost is that a value with `,name=` inside (which RFC 6265bis's grammar does not allow) reads as two
    /// fields, and a nameless cookie after a comma as part of the one before.
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
