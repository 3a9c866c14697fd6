/// The intermediate tree the encoder builds before writing: small enough to sort each level once and
/// to write straight into bytes or query items.
enum QueryEncodedValue {
    /// A written value (already formatted by the strategies).
    case scalar(String)
    /// An object: keys in the order they were encoded (sorted when written).
    case object(QueryEncodedObject)
    /// An array: elements in order.
    case array(QueryEncodedArray)
    /// A `nil` array element: writes nothing, but keeps the index of the elements after it.
    case null
    /// A value still being encoded through `superEncoder()`; read when the tree is written.
    case deferred(QueryValueEncoder)
}

/// An object in the encoder's tree.
final class QueryEncodedObject {
    var entries: [(key: String, value: QueryEncodedValue)] = []

    init() {}
}

/// An array in the encoder's tree.
final class QueryEncodedArray {
    var elements: [QueryEncodedValue] = []

    init() {}
}

/// Marks `Dictionary`, so the encoder can tell a dictionary whose keys are not strings (encoded by the
/// standard library as a flat `[key, value, key, value]` array) from a real array.
protocol QueryDictionaryMarker {}

extension Dictionary: QueryDictionaryMarker {}
