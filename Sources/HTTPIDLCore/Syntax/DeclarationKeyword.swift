/// The keywords that start a top-level declaration. Seeing one inside a block means the block was never closed,
/// so the parser asks before nearly every token: the table answers without hashing.
enum DeclarationKeyword: String, Sendable, CaseIterable {
    case message = "MESSAGE", structure = "STRUCT", enumeration = "ENUM", external = "EXTERN", union = "UNION", webSocket = "WEBSOCKET"

    private static let table = KeywordTable<DeclarationKeyword>()

    /// The keyword `token` is, if any (a word without escapes, spelled exactly).
    init?(_ token: Token) {
        guard token.kind == .word, !token.hasEscapes, let keyword = Self.table.keyword(token.text) else { return nil }
        self = keyword
    }

    /// The keyword spelled `text` in any case (`message` → `.message`), for the hint that keywords are upper-case.
    init?(anyCase text: String) {
        guard let keyword = Self.table.keyword(text.uppercased()) else { return nil }
        self = keyword
    }
}
