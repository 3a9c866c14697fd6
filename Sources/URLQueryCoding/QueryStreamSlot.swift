/// Where the value whose `encode(to:)` is running goes in `QueryStreamEncoder`: the name it is
/// written under, and what it has written so far (a value writes one scalar, or opens one container).
struct QueryStreamSlot {
    /// What the value has written.
    enum State: Equatable {
        case empty
        case scalar
        /// A container, by level id.
        case level(id: Int, isArray: Bool)
    }

    /// Identifies the slot, so a single-value container kept after its value was done is recognised.
    let id: Int
    /// How many bytes of the name buffer name the value.
    let prefixLength: Int
    /// The depth a container opened here gets (the number of levels open above it).
    let depth: Int
    /// Whether the value may be an object or an array (not as an element of a `.bracketed` or
    /// `.repeated` array: those are the tree encoder's to write or refuse).
    let allowsContainers: Bool
    /// The top-level value without a `rootKey`: it can only be an object.
    let isUnnamedTop: Bool
    var state: State = .empty
}
