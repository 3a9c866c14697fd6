/// What to do when a number with a non-zero fraction (`123.5`, `"123.5"`) is decoded into an integer type.
///
/// Integral spellings such as `123.0` are always accepted; this policy only decides the case where keeping
/// the integer would drop part of the value.
public enum FractionalIntegerPolicy: Sendable, Hashable {
    /// Throw `DecodingError.dataCorrupted` (the default), because silently losing `.5` hides a server bug
    /// or a field that is not really an integer.
    case reject
    /// Round toward zero (`123.9` → `123`, `-1.5` → `-1`), for a server known to send integers with noise
    /// in the fraction. The result must still fit the type, or `dataCorrupted` is thrown.
    case truncating
}
