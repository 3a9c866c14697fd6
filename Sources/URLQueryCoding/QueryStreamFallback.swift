/// Thrown inside `QueryStreamEncoder` when a value does something the single pass does not write
/// (an error of any kind, a container used after it closed, `superEncoder`, a non-ASCII key, a nested
/// value under `.bracketed`/`.repeated`…): the encoder then encodes the value again through the tree
/// encoder, which writes it or throws exactly as it always has. `URLQueryWriter` throws it for the same
/// reason: the value is then encoded through `encode(to:)`.
struct QueryStreamFallback: Error {}
