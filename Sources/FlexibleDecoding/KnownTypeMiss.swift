/// Why `JSONTreeDecoder` did not convert a value directly: the type needs its own `init(from:)`
/// (`notKnown`), or the conversion failed with a `DecodingError` (`failed`).
///
/// A typed error instead of an optional result, so the generic conversion returns a plain `T` and needs
/// no `Optional<T>` metadata at run time.
enum KnownTypeMiss: Error {
    /// The type is not one the decoder converts itself.
    case notKnown
    /// The conversion failed; the error is what `decode` throws.
    case failed(any Error)
}
