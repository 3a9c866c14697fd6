/// Arrays of any `Decodable` element, which `JSONTreeDecoder` fills itself instead of running
/// `Array.init(from:)`: the standard library's loop, compiled unspecialized, asks the runtime for
/// `Array<Element>`'s metadata on every element (a hashed cache lookup) and reaches each element through
/// the unkeyed container's existential. The elements, their order and their errors (each path ends in the
/// element's index) are the same; a node that is not an array still goes to `Array.init(from:)` for its error.
protocol JSONDecodableArray {
    /// Decodes the elements of the array node at `array`, whose path is `decoder.path[..<depth]`.
    static func decodeElements(from decoder: JSONTreeDecoder, array: Int, depth: Int) throws -> Self
}

extension Array: JSONDecodableArray where Element: Decodable {
    static func decodeElements(from decoder: JSONTreeDecoder, array: Int, depth: Int) throws -> Self {
        let nodes = decoder.document.nodes
        let count = nodes[array].offset
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var cursor = array + 1
        for position in 0..<count {
            elements.append(try decoder.decodeValue(Element.self, at: cursor, depth: depth, suffix: [], component: { .index(position) }))
            cursor += nodes[cursor].span
        }
        return elements
    }
}
