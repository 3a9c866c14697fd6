/// Escaping of free text in URIs and wire keys.
enum IDLText {
    /// Escapes delimiters with `\` so the text lexes back as one word.
    static func escapeWord(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if Lexer.escapable.contains(scalar) { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
