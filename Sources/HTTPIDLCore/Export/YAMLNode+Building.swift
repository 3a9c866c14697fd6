/// Building JSON-shaped trees (for the OpenAPI export); offsets are 0 because the nodes have no source.
extension YAMLNode {
    static func object(_ entries: [(String, YAMLNode)]) -> YAMLNode {
        YAMLNode(.mapping(entries.map { YAMLNode.Entry(key: $0.0, keyOffset: 0, value: $0.1) }), offset: 0)
    }

    static func array(_ items: [YAMLNode]) -> YAMLNode { YAMLNode(.sequence(items), offset: 0) }

    static func text(_ text: String) -> YAMLNode { YAMLNode(.string(text), offset: 0) }

    static func flag(_ flag: Bool) -> YAMLNode { YAMLNode(.bool(flag), offset: 0) }

    static func number(_ text: String) -> YAMLNode { YAMLNode(.integer(text), offset: 0) }

    /// The mapping without its `description` and `x-httpidl-name` (a parameter states those itself).
    var removingDescription: YAMLNode {
        YAMLNode(.mapping(entries.filter { $0.key != "description" && $0.key != "x-httpidl-name" }), offset: offset)
    }
}
