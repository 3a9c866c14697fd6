/// An object or array the single-pass encoder (`QueryStreamEncoder`) has open: its entries are being
/// written into the output. Levels form a stack; writing into one closes every deeper one.
struct QueryStreamLevel {
    /// Identifies this level among all the levels of one encoding, so a container kept after its
    /// level closed is recognised (and sends the encoding to the tree encoder).
    let id: Int
    let isArray: Bool
    /// How many bytes of the encoder's name buffer name this level (already escaped).
    let prefixLength: Int
    /// Where this level's sort entries begin in the encoder's entry stack (objects only).
    let entriesStart: Int
    /// Where this level's keys begin in the encoder's key buffer (objects only).
    let keysStart: Int
    /// How many coding-path components lead to this level (its own key included).
    let pathCount: Int
    /// Whether the level pushed its own key onto the coding path (a nested container, which no
    /// `encode(to:)` call frames), so closing it pops that key.
    let ownsPathKey: Bool
    /// Arrays: the index of the next element.
    var count = 0
}
