/// A value in the encoder's tree. Objects and arrays are nodes of the `QueryEncodingTree`, named by
/// index, and written in wire order later.
enum QueryEncodedValue {
    /// A written value (already formatted by the strategies).
    case scalar(String)
    /// An integer, written as its decimal digits: kept as a number so no string is built for it.
    case integer(Int)
    /// An object: the node's `entries`, in the order they were encoded (sorted when written).
    case object(Int)
    /// An array: the node's `elements`, in order.
    case array(Int)
    /// A `nil` array element: writes nothing, but keeps the index of the elements after it.
    case null
    /// A node handed out by `superEncoder()`, whose content is known only when the tree is written.
    case deferred(Int)

    /// `.integer` when `value` fits in `Int`, its decimal text otherwise (the same characters).
    @inline(__always)
    init<I: BinaryInteger>(integer value: I) {
        if let small = Int(exactly: value) {
            self = .integer(small)
        } else {
            self = .scalar(String(value))
        }
    }
}

/// A record of the tree chained to the next record of the same node by index (`-1` for none).
protocol QueryChainLink {
    var next: Int32 { get set }
}

/// One property of an encoded object: the key as written (after `keyEncodingStrategy`) and its value.
struct QueryEncodedEntry: QueryChainLink {
    var key: String
    var value: QueryEncodedValue
    var next: Int32 = -1
}

/// One element of an encoded array.
struct QueryEncodedElement: QueryChainLink {
    var value: QueryEncodedValue
    var next: Int32 = -1
}

/// Marks `Dictionary`, so the encoder can tell a dictionary whose keys are not strings (encoded by the
/// standard library as a flat `[key, value, key, value]` array) from a real array.
protocol QueryDictionaryMarker {}

extension Dictionary: QueryDictionaryMarker {}
