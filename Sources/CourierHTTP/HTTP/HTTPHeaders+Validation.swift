extension HTTPHeaders {
    /// Checks every field: names must be RFC 9110 tokens, values must not contain CR, LF, NUL or other
    /// control characters (horizontal tab is allowed). This is what stops header injection. The client calls it
    /// when it builds a request; call it yourself to fail early on fields built from user input.
    ///
    /// - Throws: `NetworkError.configuration(reason: .invalidHeader(name:reason:))` for the first bad field.
    ///
    /// Values must also be ASCII, except with `allowingUTF8` (multipart part headers, where RFC 7578 §5.1 lets
    /// form-data names carry UTF-8).
    public func validate(allowingUTF8: Bool = false) throws(NetworkError) {
        for field in fields {
            try Self.validate(name: field.name, value: field.value, allowingUTF8: allowingUTF8)
        }
    }

    /// Checks one field by the rules of ``validate(allowingUTF8:)``, without building a header list.
    ///
    /// - Throws: `NetworkError.configuration(reason: .invalidHeader(name:reason:))`.
    public static func validate(name: String, value: String, allowingUTF8: Bool = false) throws(NetworkError) {
        if isPlain(name: name, value: value) { return }   // the usual field; the checks below say what is wrong
        if name.isEmpty {
            throw .configuration(reason: .invalidHeader(name: name, reason: "the name is empty"))
        }
        for byte in name.utf8 where !HTTPMethod.isTokenByte(byte) {
            let reason: String
            switch byte {
            case 0x0D, 0x0A: reason = "the name contains CR or LF"
            case 0x00: reason = "the name contains NUL"
            default: reason = "the name contains a character that is not allowed in a token (\(Self.describe(byte)))"
            }
            throw .configuration(reason: .invalidHeader(name: name, reason: reason))
        }
        for byte in value.utf8 {
            switch byte {
            case 0x0D, 0x0A:
                throw .configuration(reason: .invalidHeader(name: name, reason: "the value contains CR or LF"))
            case 0x00:
                throw .configuration(reason: .invalidHeader(name: name, reason: "the value contains NUL"))
            case 0x09:
                continue
            case 0x01...0x1F, 0x7F:
                throw .configuration(
                    reason: .invalidHeader(name: name, reason: "the value contains a control character (\(Self.describe(byte)))")
                )
            case 0x80... where !allowingUTF8:
                // RFC 9110 §5.5: field values are ASCII in practice; servers read other bytes as Latin-1 or reject
                // them. Where non-ASCII has a convention (RFC 8187 `filename*=UTF-8''…`), encode it first.
                throw .configuration(reason: .invalidHeader(
                    name: name, reason: "the value contains non-ASCII text; percent-encode it (RFC 8187 ext-value) or send it in the body"))
            default:
                continue
            }
        }
    }

    /// Whether `name` is a non-empty token and `value` printable ASCII or tab: one scan of each over contiguous
    /// bytes (every field of every request passes here).
    private static func isPlain(name: String, value: String) -> Bool {
        var name = name
        var value = value
        // unsafe pointers: `withUTF8` lends each string's bytes for the closure only, and they are only read there.
        guard !name.isEmpty, name.withUTF8({ $0.allSatisfy(HTTPMethod.isTokenByte) }) else { return false }
        return value.withUTF8 { bytes in bytes.allSatisfy { ($0 >= 0x20 && $0 != 0x7F && $0 < 0x80) || $0 == 0x09 } }
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + String(byte, radix: 16, uppercase: true)
    }
}
