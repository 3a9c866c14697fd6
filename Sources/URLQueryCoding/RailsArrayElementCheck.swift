/// The rule that decides whether an array of objects written in the Rails form
/// (`items[][id]=1&items[][name]=x&items[][id]=2&items[][name]=y`) reads back element for element.
///
/// There is no index on the wire, so a reader has to guess where an element ends. Rack's
/// `parse_nested_query` (Rails' reader; `URLQueryDecoder` follows the same rule) reads a pair
/// `items[]<rest>=v` like this:
/// - when `<rest>` contains another `[]` (`items[][tags][]`, `items[][b][][c]`), it goes into the last
///   element;
/// - otherwise it goes into the last element unless that element already has the key path `<rest>`,
///   in which case it starts a new element.
///
/// So an element writes back unchanged when its first pair starts a new element — a plain key path the
/// element before it already has — and each later pair joins it — it has a `[]`, or a key path not yet
/// written in this element. Shapes that break this are refused by the encoder (see `problem`).
enum RailsArrayElementCheck {
    /// One step of a leaf's name below the array: a key, or an array element (written `[]`).
    enum Segment {
        case key(String)
        case element(Int)
    }

    /// The name of one leaf below an array element, in the order it is written.
    typealias LeafPath = [Segment]

    /// What is wrong with the element whose leaves are `paths`, the one before it having written
    /// `previous` (`nil` for the first element): the leaf at fault and why. `nil` when Rack reads the
    /// element back unchanged.
    static func problem(paths: [LeafPath], previous: [LeafPath]?) -> (leaf: LeafPath, reason: String)? {
        guard let first = paths.first else {
            return ([], "an empty object in a .bracketed array writes nothing, so the elements after it would move up")
        }
        if let previous {
            if hasElement(first) {
                return (first, "the element starts with an array ([] in its name), which Rack adds to the element before it; "
                    + "put a scalar key first (keys are written in sorted order) or use .indexed")
            }
            if !contains(first, in: previous[...]) {
                return (first, "the element's first key '\(render(first))' is missing from the element before it, so Rack would "
                    + "read both as one element; give every element the same first key or use .indexed")
            }
        }
        for position in paths.indices.dropFirst() {
            let path = paths[position]
            if !hasElement(path) && contains(path, in: paths[..<position]) {
                return (path, "the key '\(render(path))' is written twice in one element, so Rack would start a new element there")
            }
        }
        return nil
    }

    /// Whether the leaf's name has an `[]` below the array element.
    private static func hasElement(_ path: LeafPath) -> Bool {
        path.contains { if case .element = $0 { true } else { false } }
    }

    /// Whether Rack finds the key path `path` (keys only) in an element that wrote `paths`: some leaf
    /// starts with exactly these keys.
    private static func contains(_ path: LeafPath, in paths: ArraySlice<LeafPath>) -> Bool {
        paths.contains { other in
            guard other.count >= path.count else { return false }
            for (mine, theirs) in zip(path, other) {
                guard case .key(let a) = mine, case .key(let b) = theirs, a == b else { return false }
            }
            return true
        }
    }

    /// `address[city]`-style text of a key path for messages.
    private static func render(_ path: LeafPath) -> String {
        var text = ""
        for segment in path {
            switch segment {
            case .key(let key): text += text.isEmpty ? key : "[\(key)]"
            case .element: text += "[]"
            }
        }
        return text
    }

    /// The coding path of a leaf below the element (array positions as indices).
    static func codingPath(of path: LeafPath) -> [QueryCodingKey] {
        path.map { segment in
            switch segment {
            case .key(let key): QueryCodingKey(stringValue: key)
            case .element(let index): QueryCodingKey(index: index)
            }
        }
    }
}
