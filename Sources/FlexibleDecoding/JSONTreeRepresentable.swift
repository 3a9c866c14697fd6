/// A JSON value type that `FlexibleJSONDecoder` builds straight from its parse tree.
///
/// A `Decoder` can only say what a value is when asked for a specific type, so an "any JSON" type decoding
/// through `init(from:)` must probe (string? number? bool? …), and a tolerant decoder answers yes to more
/// than one question (`"1"` is also a number, `1` also a bool). `FlexibleJSONDecoder` knows the JSON kind of
/// every node, so for a conforming type it skips `init(from:)` and calls these initializers instead, with
/// numbers as their exact source text. Courier's `JSONValue` conforms; `JSONDecoder` still uses `init(from:)`.
package protocol JSONTreeRepresentable: Decodable {
    /// The value for `null`.
    static var jsonNull: Self { get }
    /// The value for `true` or `false`.
    init(jsonBool value: Bool)
    /// The value for a number given as its JSON text (`-12`, `18446744073709551615`, `1.5e3`), or `nil` if
    /// the type cannot represent it (the decoder then throws `DecodingError.dataCorrupted`).
    init?(jsonNumber text: String)
    /// The value for a string.
    init(jsonString value: String)
    /// The value for an array.
    init(jsonArray elements: [Self])
    /// The value for an object (the first occurrence of a duplicated key wins; keys are never converted
    /// by the key decoding strategy).
    init(jsonObject members: [String: Self])
}

extension JSONTreeDecoder {
    /// Builds `V` from the subtree at `index`; `path` is the coding path of that node (for errors).
    func buildTree<V: JSONTreeRepresentable>(_: V.Type, at index: Int, path: inout [CodingPathComponent]) throws -> V {
        let node = document.nodes[index]
        switch node.kind {
        case .null:
            return V.jsonNull
        case .true:
            return V(jsonBool: true)
        case .false:
            return V(jsonBool: false)
        case .string:
            return V(jsonString: document.string(of: node))
        case .number:
            let text = String(decoding: document.text(of: node), as: UTF8.self)
            guard let value = V(jsonNumber: text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: path.map(\.codingKey),
                    debugDescription: "Parsed JSON number <\(text.prefix(64))> does not fit in \(V.self)."))
            }
            return value
        case .array:
            var elements: [V] = []
            elements.reserveCapacity(node.offset)
            var cursor = index + 1
            for position in 0..<node.offset {
                path.append(.index(position))
                elements.append(try buildTree(V.self, at: cursor, path: &path))
                path.removeLast()
                cursor += document.nodes[cursor].span
            }
            return V(jsonArray: elements)
        case .object:
            var members: [String: V] = [:]
            members.reserveCapacity(node.offset)
            try document.forEachPair(inObject: index) { key, value in
                let name = document.string(of: key)
                guard members[name] == nil else { return }
                path.append(.key(JSONCodingKey(stringValue: name)))
                members[name] = try buildTree(V.self, at: value, path: &path)
                path.removeLast()
            }
            return V(jsonObject: members)
        }
    }
}
