/// What to do when a number with a non-zero fraction (`123.5`, `"123.5"`) is decoded into an integer type.
public enum FractionalIntegerPolicy: Sendable, Hashable {
    /// Throw `DecodingError.dataCorrupted` (the default): silently losing `.5` is a bug.
    case reject
    /// Round toward zero (`123.9` → `123`, `-1.5` → `-1`). The result must still fit the type.
    case truncating
}
