extension String {
    /// This text with ASCII capitals lowered; the text itself (no copy) when it has none, as hosts, schemes and
    /// header names almost always are. Non-ASCII text goes through `lowercased()`. Portable: the HTTP/2 header
    /// rules use it on every platform, the socket transport on Linux.
    package var lowercasedASCII: String {
        for byte in utf8 where byte >= 0x80 || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) {
            return lowercased()
        }
        return self
    }
}
