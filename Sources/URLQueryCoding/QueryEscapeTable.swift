/// The 256-entry lookup tables the single-pass encoder and the direct path escape with: for each byte,
/// the byte written in its place when it travels as is (an RFC 3986 unreserved character, or `+` for a
/// space in a form body), or 0 when it is written as `%XX`. The same rule as
/// `PercentEncoding.AllowedCharacters.queryComponent` (a test checks every byte of both tables against it).
enum QueryEscapeTable {
    /// The table for query strings (a space is `%20`).
    ///
    /// A string literal's bytes, in the binary's read-only data, as `DecimalDigits.pairs`: a `static let`
    /// table would be initialized lazily, and on Linux every read of a lazy global calls `swift_once`.
    @inline(__always)
    static var query: UnsafePointer<UInt8> { queryText.utf8Start }

    /// The table for form bodies (a space is `+`).
    @inline(__always)
    static var form: UnsafePointer<UInt8> { formText.utf8Start }

    /// The table for `spaceAsPlus`.
    @inline(__always)
    static func table(spaceAsPlus: Bool) -> UnsafePointer<UInt8> {
        spaceAsPlus ? form : query
    }

    // 32 bytes a line, from byte 0; `\0`: escaped.
    private static var queryText: StaticString {
        """
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0-.\00123456789\0\0\0\0\0\0\
        \0ABCDEFGHIJKLMNOPQRSTUVWXYZ\0\0\0\0_\
        \0abcdefghijklmnopqrstuvwxyz\0\0\0~\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0
        """
    }

    private static var formText: StaticString {
        """
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        +\0\0\0\0\0\0\0\0\0\0\0\0-.\00123456789\0\0\0\0\0\0\
        \0ABCDEFGHIJKLMNOPQRSTUVWXYZ\0\0\0\0_\
        \0abcdefghijklmnopqrstuvwxyz\0\0\0~\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0
        """
    }
}
