/// Finds a keyword enum's case by its spelling with one hash lookup (the synthesized `init?(rawValue:)`
/// compares the text with every case in turn, which shows in the parser and the semantic checks).
enum KeywordTable {
    /// Every case of `type` by its raw value.
    static func cases<Keyword: RawRepresentable & CaseIterable>(of type: Keyword.Type) -> [String: Keyword] where Keyword.RawValue == String {
        Dictionary(uniqueKeysWithValues: Keyword.allCases.map { ($0.rawValue, $0) })
    }
}
