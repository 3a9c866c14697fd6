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

    var kind: Kind
    var flags: UInt8
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
