/// Escaping of free text in URIs and wire keys.
enum IDLText {
    /// Escapes delimiters with `\` so the text lexes back as one word.
    static func escapeWord(_ text: String) -> String {
        // The escapable characters are the delimiters, all ASCII: most text has none and is returned as it is.
        guard text.utf8.contains(where: { Lexer.isDelimiter(Unicode.Scalar($0)) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if Lexer.escapable.contains(scalar) { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
