/// A node of a parsed YAML document (or of a JSON document, which is YAML too), with the offset of its first
/// scalar in the `SourceFile` it came from so that later stages can point at the spec's line.
///
/// Scalars are already resolved by the YAML 1.2 core schema: `null`, `true`, `12`, `1.5` and quoted text
/// arrive as `.null`, `.bool`, `.integer`, `.float` and `.string`. Numbers keep their source spelling.
package struct YAMLNode: Sendable, Hashable {
    /// The resolved content.
    package enum Value: Sendable, Hashable {
        /// `null`, `~`, or nothing.
        case null
        /// `true` / `false`.
        case bool(Bool)
        /// An integer as written (`42`, `-7`, `0x1F`).
        case integer(String)
        /// A floating-point number as written (`1.5`, `.inf`).
        case float(String)
        /// A string.
        case string(String)
        /// A sequence.
        case sequence([YAMLNode])
        /// A mapping; keys are unique and keep their source order.
        case mapping([Entry])
    }

    /// One `key: value` pair of a mapping.
    package struct Entry: Sendable, Hashable {
        /// The key's text (a scalar key's value as written, e.g. `200` or `application/json`).
        package let key: String
        /// Where the key starts.
        package let keyOffset: Int
        /// The value.
        package let value: YAMLNode

        /// Creates an entry.
        package init(key: String, keyOffset: Int, value: YAMLNode) {
            self.key = key
            self.keyOffset = keyOffset
            self.value = value
        }
    }

    /// The content.
    package let value: Value
    /// The offset (in Unicode scalars) where the node starts.
    package let offset: Int

    /// Creates a node.
    package init(_ value: Value, offset: Int) {
        self.value = value
        self.offset = offset
    }

    /// The entries of a mapping (empty for anything else).
    package var entries: [Entry] {
        if case .mapping(let entries) = value { return entries }
        return []
    }

    /// The elements of a sequence (empty for anything else).
    package var elements: [YAMLNode] {
        if case .sequence(let elements) = value { return elements }
        return []
    }

    /// Whether the node is a mapping.
    package var isMapping: Bool {
        if case .mapping = value { return true }
        return false
    }

    /// The value of `key` in a mapping.
    package subscript(key: String) -> YAMLNode? {
        guard case .mapping(let entries) = value else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The text of a string scalar.
    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The text of any scalar as written (strings, numbers, booleans; `nil` for null and collections).
    package var scalarText: String? {
        switch value {
        case .string(let text), .integer(let text), .float(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    /// A boolean scalar.
    package var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }
}
