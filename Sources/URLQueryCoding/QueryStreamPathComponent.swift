/// One step of `QueryStreamEncoder`'s coding path: a key, or an array index kept as a number (its
/// `CodingKey` is built only if the path is asked for).
enum QueryStreamPathComponent {
    case key(any CodingKey)
    case index(Int)

    /// The step as a coding key.
    var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .index(let index): QueryCodingKey(index: index)
        }
    }
}
