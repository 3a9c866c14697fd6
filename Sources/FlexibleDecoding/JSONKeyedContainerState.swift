/// What a `JSONKeyedContainer` stands on: its decoder, object, path position and key table.
///
/// A class the container points to (its only stored field) rather than the container's own fields:
/// `KeyedDecodingContainer`'s box copies the container on every `decode` call, and each reference-counted
/// field would be retained and released again per field.
final class JSONKeyedContainerState {
    /// The decoder whose document holds the object.
    let decoder: JSONTreeDecoder
    /// The decoder's document's nodes and bytes, copied here so that a key lookup reads them straight from
    /// the state: reached through `decoder.document`, the document is retained and released per field.
    /// They stay valid as long as this state: it holds the decoder, which holds the document that owns them.
    let nodes: UnsafeMutablePointer<JSONNode>
    let bytes: UnsafeMutablePointer<UInt8>
    /// The index of the object node.
    let object: Int
    /// The decoder path depth at which the container was made.
    let depth: Int
    /// Path components after `decoder.path[..<depth]` (containers from `nestedContainer(forKey:)`).
    let suffix: [CodingPathComponent]
    /// JSON key (converted by the key strategy, or raw for large objects) → value node index; `nil` means
    /// linear scan.
    let table: [String: Int]?

    /// The state of a container on the object at `object` whose path is `decoder.path[..<depth] + suffix`.
    init(decoder: JSONTreeDecoder, object: Int, depth: Int, suffix: [CodingPathComponent]) {
        self.decoder = decoder
        nodes = decoder.document.nodes
        bytes = decoder.document.bytes
        self.object = object
        self.depth = depth
        self.suffix = suffix
        table = Self.keyTable(decoder: decoder, object: object, depth: depth, suffix: suffix)
    }

    /// Objects with more pairs than this get a hash table instead of a linear scan.
    private static var linearScanLimit: Int { 24 }

    /// The key table of a keyed container on the object at `object` whose path is
    /// `decoder.path[..<depth] + suffix`: `nil` when keys are found by a linear scan (most containers),
    /// otherwise the table the key strategy (or the object's size) calls for.
    private static func keyTable(
        decoder: JSONTreeDecoder, object: Int, depth: Int, suffix: [CodingPathComponent]
    ) -> [String: Int]? {
        let document = decoder.document
        switch decoder.configuration.keyDecodingStrategy {
        case .useDefaultKeys:
            if document.nodes[object].offset > linearScanLimit {
                var byName: [String: Int] = [:]
                byName.reserveCapacity(document.nodes[object].offset)
                document.forEachPair(inObject: object) { key, value in
                    let name = document.string(of: key)
                    if byName[name] == nil { byName[name] = value }
                }
                return byName
            }
            return nil
        case .convertFromSnakeCase:
            var byName: [String: Int] = [:]
            document.forEachPair(inObject: object) { key, value in
                let name = FlexibleJSONDecoder.KeyDecodingStrategy.convertFromSnakeCase(document.string(of: key))
                if byName[name] == nil { byName[name] = value }
            }
            return byName
        case .custom(let convert):
            var byName: [String: Int] = [:]
            let basePath = decoder.codingPath(depth: depth, suffix: suffix)
            document.forEachPair(inObject: object) { key, value in
                let name = convert(basePath + [JSONCodingKey(stringValue: document.string(of: key))]).stringValue
                if byName[name] == nil { byName[name] = value }
            }
            return byName
        }
    }
}
