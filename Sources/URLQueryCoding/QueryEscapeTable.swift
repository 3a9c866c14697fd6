/// The 256-entry lookup tables `QueryWireSink` escapes with: for each byte,
/// the byte written in its place when it travels as is (an RFC 3986 unreserved character, or `+` for a
/// space in a form body), or 0 when it is written as `%XX`. Built from
/// `PercentEncoding.AllowedCharacters.queryComponent`.
enum QueryEscapeTable {
    /// The table for query strings (a space is `%20`).
    // `nonisolated(unsafe)`: the table is filled once, before the pointer is published by the lazy global
    // initializer (which runs once, thread-safely), and only ever read afterwards: no data race.
    nonisolated(unsafe) static let query: UnsafePointer<UInt8> = make(spaceAsPlus: false)
    /// The table for form bodies (a space is `+`).
    // `nonisolated(unsafe)`: as `query`: filled before it is published, read-only afterwards.
    nonisolated(unsafe) static let form: UnsafePointer<UInt8> = make(spaceAsPlus: true)

    /// The table for `spaceAsPlus`.
    @inline(__always)
    static func table(spaceAsPlus: Bool) -> UnsafePointer<UInt8> {
        spaceAsPlus ? form : query
    }

    /// Allocates and fills a table. It is never freed or written again, so sharing the pointer
    /// between threads is safe (it is read-only after this returns).
    private static func make(spaceAsPlus: Bool) -> UnsafePointer<UInt8> {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        let allowed = PercentEncoding.AllowedCharacters.queryComponent
        for byte in 0...255 {
            let value = UInt8(byte)
            table[byte] = allowed.contains(value) ? value : 0
        }
        if spaceAsPlus { table[Int(UInt8(ascii: " "))] = UInt8(ascii: "+") }
        return UnsafePointer(table)
    }
}
