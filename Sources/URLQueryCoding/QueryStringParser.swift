/// Splits a percent-encoded query string or form body into decoded `(name, value)` pairs.
enum QueryStringParser {
    /// `a=1&b=x%20y` → `[("a", "1"), ("b", "x y")]`. Empty pieces (`a=1&&b=2`) are skipped, a piece
    /// without `=` has an empty value, a leading `?` is ignored.
    static func pairs(in query: String, plusAsSpace: Bool) throws -> [(String, String)] {
        var text = Substring(query)
        if text.first == "?" { text = text.dropFirst() }
        var pairs: [(String, String)] = []
        for piece in text.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = piece.firstIndex(of: "=") {
                name = piece[..<equals]
                value = piece[piece.index(after: equals)...]
            } else {
                name = piece
                value = ""
            }
            pairs.append((try decode(name, plusAsSpace: plusAsSpace), try decode(value, plusAsSpace: plusAsSpace)))
        }
        return pairs
    }

    private static func decode(_ text: Substring, plusAsSpace: Bool) throws -> String {
        do {
            return try PercentEncoding.decode(String(text), plusAsSpace: plusAsSpace)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [],
                debugDescription: "The query piece '\(text)' is not validly percent-encoded: \(error).",
                underlyingError: error
            ))
        }
    }
}
