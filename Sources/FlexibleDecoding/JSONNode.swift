/// One value in the compact tree `JSONParser` builds: a flat, pre-order array of nodes.
///
/// Scalars point into the input bytes (`offset`/`length`), so numbers keep their exact source text until
/// the target type is known. An object is followed by its key/value pairs (key node, value subtree, …);
/// an array by its element subtrees.
struct JSONNode {
    /// The JSON type of the node.
    enum Kind: UInt8 {
        case null, `true`, `false`, number, string, array, object
    }

    /// Flag bit for strings: the raw text contains backslash escapes.
    static let escaped: UInt8 = 1
    /// Flag bit for numbers: the text has a fraction or an exponent.
    static let nonInteger: UInt8 = 1
    /// Flag bit for objects: two keys may be equal (or a key has escapes), so a key lookup must scan
    /// from the first pair for the first occurrence to win.
    static let mayRepeatKeys: UInt8 = 2

    var kind: Kind
    var flags: UInt8
    /// Objects: where the next key lookup starts, as the distance from the object node to a key node
    /// (0: the first pair). Keys are usually looked up in document order, so a lookup that starts after
    /// the last match finds its key first. Fits in the node's padding (the node stays 24 bytes).
    var lookupHint: UInt32 = 0
    /// Scalars: byte offset of the text (strings: after the opening quote). Containers: element (pair) count.
    var offset: Int
    /// Scalars: byte length of the text. Containers: number of nodes in the subtree, this one included.
    var length: Int

    /// The number of nodes this value occupies, so `index + span` is its next sibling.
    @inline(__always) var span: Int {
        kind.rawValue >= Kind.array.rawValue ? length : 1
    }

    /// How the value is named in error messages ("a string", "a number", …).
    var kindDescription: String {
        switch kind {
        case .null: return "null"
        case .true, .false: return "a bool"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "a dictionary"
        }
    }
}
