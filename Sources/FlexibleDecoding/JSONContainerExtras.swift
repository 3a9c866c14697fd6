/// The rarely needed parts of a `JSONKeyedContainer`, kept out of line so the container itself holds a single
/// reference-counted field: `KeyedDecodingContainer`'s box copies the container on every `decode` call, and
/// each extra reference would be retained and released again per field.
final class JSONContainerExtras {
    /// Path components after the decoder's path prefix (containers from `nestedContainer(forKey:)`).
    let suffix: [CodingPathComponent]
    /// JSON key (converted by the key strategy, or raw for large objects) → value node index; `nil` means
    /// linear scan.
    let table: [String: Int]?

    init(suffix: [CodingPathComponent], table: [String: Int]?) {
        self.suffix = suffix
        self.table = table
    }
}
