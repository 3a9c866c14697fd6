extension HTTPHeaders {
    /// Checks every field: names must be RFC 9110 tokens, values must not contain CR, LF, NUL or other
    /// control characters (horizontal tab is allowed). This is what stops header injection.
    ///
    /// - Throws: `NetworkError.configuration(reason: .invalidHeader(name:reason:))` for the first bad field.
    public func validate() throws(NetworkError) {
        for field in fields {
            try Self.validate(name: field.name, value: field.value)
        }
    }

    /// Checks one field; see `validate()`.
    ///
    /// - Throws: `NetworkError.configuration(reason: .invalidHeader(name:reason:))`.
    public static func validate(name: String, value: String) throws(NetworkError) {
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
            default:
                continue
            }
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + String(byte, radix: 16, uppercase: true)
    }
}
