/// A fixed set of short ASCII words (keywords, reserved names) that answers without hashing: it first checks
/// whether any word has the name's first byte and length, then compares the name with the few words that
/// start with that byte.
///
/// The generator asks for every name it writes (`Naming.escaped`), nearly always about a name that is not in
/// the set, so the two array reads replace a string hash in the common case; a name that passes them is
/// compared with `==` (for two short ASCII strings, a comparison of their inline bytes).
struct WordSet: Sendable, ExpressibleByArrayLiteral {
    private let words: Set<String>
    /// For each ASCII first byte, bit `n` is set when a word of `n` bytes starts with it (lengths up to 63).
    private let shapes: [UInt64]
    /// For each ASCII first byte, the words that start with it.
    private let buckets: [[String]]
    /// Whether a word is too long or not ASCII for `shapes` (then every question is answered by hashing).
    private let hashesEverything: Bool

    /// A set of `words`.
    init(arrayLiteral words: String...) {
        self.words = Set(words)
        var shapes = [UInt64](repeating: 0, count: 128)
        var buckets = [[String]](repeating: [], count: 128)
        var hashesEverything = false
        for word in self.words {
            guard let first = word.utf8.first, first < 0x80, word.utf8.count < 64 else {
                hashesEverything = true
                continue
            }
            shapes[Int(first)] |= 1 << UInt64(word.utf8.count)
            buckets[Int(first)].append(word)
        }
        self.shapes = shapes
        self.buckets = buckets
        self.hashesEverything = hashesEverything
    }

    /// Whether `name` is one of the words.
    func contains(_ name: String) -> Bool {
        if hashesEverything { return words.contains(name) }
        let length = name.utf8.count
        guard let first = name.utf8.first, first < 0x80, length < 64, shapes[Int(first)] & (1 << UInt64(length)) != 0 else {
            return false
        }
        return buckets[Int(first)].contains { $0.utf8.count == length && $0 == name }
    }
}
