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

    /// Objects with more pairs than this get a hash table instead of a linear scan.
    private static var linearScanLimit: Int { 24 }

    /// The extras of a keyed container on the object at `object` whose path is `decoder.path[..<depth] + suffix`:
    /// `nil` when there is no suffix and keys are found by a linear scan (most containers), otherwise the
    /// suffix and the key table the key strategy (or the object's size) calls for.
    static func make(decoder: JSONTreeDecoder, object: Int, depth: Int, suffix: [CodingPathComponent]) -> JSONContainerExtras? {
        let document = decoder.document
        let table: [String: Int]?
        switch decoder.configuration.keyDecodingStrategy {
        case .useDefaultKeys:
            if document.nodes[object].offset > linearScanLimit {
                var byName: [String: Int] = [:]
                byName.reserveCapacity(document.nodes[object].offset)
                document.forEachPair(inObject: object) { key, value in
                    let name = document.string(of: key)
                    if byName[name] == nil { byName[name] = value }
                }
                table = byName
            } else {
                table = nil
            }
        case .convertFromSnakeCase:
            var byName: [String: Int] = [:]
            document.forEachPair(inObject: object) { key, value in
                let name = FlexibleJSONDecoder.KeyDecodingStrategy.convertFromSnakeCase(document.string(of: key))
                if byName[name] == nil { byName[name] = value }
            }
            table = byName
        case .custom(let convert):
            var byName: [String: Int] = [:]
            let basePath = decoder.codingPath(depth: depth, suffix: suffix)
            document.forEachPair(inObject: object) { key, value in
                let name = convert(basePath + [JSONCodingKey(stringValue: document.string(of: key))]).stringValue
                if byName[name] == nil { byName[name] = value }
            }
            table = byName
        }
        return suffix.isEmpty && table == nil ? nil : JSONContainerExtras(suffix: suffix, table: table)
    }
}
