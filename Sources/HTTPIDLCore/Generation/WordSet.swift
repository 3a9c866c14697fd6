/// A fixed set of short ASCII words (keywords, reserved names) that answers "not a member" for most names
/// without hashing: it first checks whether any word has the name's first byte and length.
///
/// The generator asks for every name it writes (`Naming.escaped`), nearly always about a name that is not in
/// the set, so the two array reads replace a string hash in the common case.
struct WordSet: Sendable, ExpressibleByArrayLiteral {
    private let words: Set<String>
    /// For each ASCII first byte, bit `n` is set when a word of `n` bytes starts with it (lengths up to 63).
    private let shapes: [UInt64]
    /// Whether a word is too long or not ASCII for `shapes` (then every question is answered by hashing).
    private let hashesEverything: Bool

    /// A set of `words`.
    init(arrayLiteral words: String...) {
        self.words = Set(words)
        var shapes = [UInt64](repeating: 0, count: 128)
        var hashesEverything = false
        for word in words {
            guard let first = word.utf8.first, first < 0x80, word.utf8.count < 64 else {
                hashesEverything = true
                continue
            }
            shapes[Int(first)] |= 1 << UInt64(word.utf8.count)
        }
        self.shapes = shapes
        self.hashesEverything = hashesEverything
    }

    /// Whether `name` is one of the words.
    func contains(_ name: String) -> Bool {
        if hashesEverything { return words.contains(name) }
        let length = name.utf8.count
        guard let first = name.utf8.first, first < 0x80, length < 64, shapes[Int(first)] & (1 << UInt64(length)) != 0 else {
            return false
        }
        return words.contains(name)
    }
}
