/// A value in the encoder's tree. Objects and arrays are stored in the `QueryValueEncoder` that
/// encoded them (one allocation per nested value instead of two), and written in wire order later.
enum QueryEncodedValue {
    /// A written value (already formatted by the strategies).
    case scalar(String)
    /// An integer, written as its decimal digits: kept as a number so no string is built for it.
    case integer(Int)
    /// An object: the encoder's `entries`, in the order they were encoded (sorted when written).
    case object(QueryValueEncoder)
    /// An array: the encoder's `elements`, in order.
    case array(QueryValueEncoder)
    /// A `nil` array element: writes nothing, but keeps the index of the elements after it.
    case null
    /// An encoder handed out by `superEncoder()`, whose content is known only when the tree is written.
    case deferred(QueryValueEncoder)

    /// `.integer` when `value` fits in `Int`, its decimal text otherwise (the same characters).
    @inline(__always)
    init<I: BinaryInteger>(integer value: I) {
        if let small = Int(exactly: value) {
            self = .integer(small)
        } else {
            self = .scalar(String(value))
        }
    }

    /// `.deferred` replaced by what its encoder holds now (`nil` when it holds nothing).
    var resolved: QueryEncodedValue? {
        guard case .deferred(let encoder) = self else { return self }
        return encoder.encodedValue
    }
}

/// One property of an encoded object: the key as written (after `keyEncodingStrategy`) and its value.
///
/// A struct rather than a tuple so the array of entries is copied and destroyed through compiled value
/// witnesses instead of the runtime's generic tuple ones.
struct QueryEncodedEntry {
    var key: String
    var value: QueryEncodedValue
}

/// Marks `Dictionary`, so the encoder can tell a dictionary whose keys are not strings (encoded by the
/// standard library as a flat `[key, value, key, value]` array) from a real array.
protocol QueryDictionaryMarker {}

extension Dictionary: QueryDictionaryMarker {}
