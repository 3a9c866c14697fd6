/// `[String: Value]` dictionaries, which `JSONDecoder` decodes without applying its `keyDecodingStrategy`:
/// their keys are data (ids, names, arbitrary JSON object members), not property names.
/// `JSONTreeDecoder` decodes them through this protocol when a key strategy is set, so
/// `{"user_id": 1}` stays `["user_id": 1]` under `.convertFromSnakeCase`, as with `JSONDecoder`.
protocol JSONStringKeyedDictionary {
    /// Decodes the object at `object`, whose members' paths are `decoder.path[..<depth] + suffix + key`.
    static func decodeMembers(
        from decoder: JSONTreeDecoder, object: Int, depth: Int, suffix: [CodingPathComponent]
    ) throws -> Self
}

extension Dictionary: JSONStringKeyedDictionary where Key == String, Value: Decodable {
    static func decodeMembers(
        from decoder: JSONTreeDecoder, object: Int, depth: Int, suffix: [CodingPathComponent]
    ) throws -> Self {
        let document = decoder.document
        var result: [String: Value] = [:]
        result.reserveCapacity(document.nodes[object].offset)
        try document.forEachPair(inObject: object) { key, value in
            let name = document.string(of: key)
            // The first occurrence of a duplicated key wins, as in the keyed container.
            guard result[name] == nil else { return }
            result[name] = try decoder.decodeValue(
                Value.self, at: value, depth: depth, suffix: suffix, component: { .key(JSONCodingKey(stringValue: name)) })
        }
        return result
    }
}
