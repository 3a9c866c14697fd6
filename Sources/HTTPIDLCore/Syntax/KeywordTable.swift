/// Finds a keyword enum's case by its spelling, comparing only with the cases of the same length (the
/// synthesized `init?(rawValue:)` compares the text with every case in turn, and hashing costs more than
/// the few comparisons; both showed in the parser and the semantic checks).
struct KeywordTable<Keyword: RawRepresentable & CaseIterable & Sendable>: Sendable where Keyword.RawValue == String {
    /// The cases by the UTF-8 length of their spelling.
    private let byLength: [[(spelling: String, keyword: Keyword)]]

    /// A table of every case of `Keyword`.
    init() {
        var byLength: [[(spelling: String, keyword: Keyword)]] = []
        for keyword in Keyword.allCases {
            let length = keyword.rawValue.utf8.count
            while byLength.count <= length { byLength.append([]) }
            byLength[length].append((keyword.rawValue, keyword))
        }
        self.byLength = byLength
    }

    /// The case spelled `text`, if any.
    func keyword(_ text: String) -> Keyword? {
        let length = text.utf8.count
        guard length < byLength.count else { return nil }
        for candidate in byLength[length] where candidate.spelling == text { return candidate.keyword }
        return nil
    }
}
