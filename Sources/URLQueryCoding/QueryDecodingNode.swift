/// One level of a parsed query: the values written directly under a name and the nested keys.
///
/// `tags=a&tags=b` and `tags[]=a` put values on `tags`; `tags[0]=a` and `user[name]=kim` make children.
final class QueryDecodingNode {
    var values: [String] = []
    var children: [String: QueryDecodingNode] = [:]
    /// How many `[]` in the middle of a name created a new element here (`a[][b]=1`).
    private var appendedElements = 0

    init(values: [String] = []) {
        self.values = values
    }

    /// Names nested deeper than this are rejected: decoding a recursive type follows the input's
    /// depth, and a hostile `a[a][a]…` must not be able to overflow the stack.
    static let maximumDepth = 128

    /// The tree of all pairs, with names split according to the object strategy.
    static func tree(
        from pairs: [(String, String)], objects: URLQueryEncoder.ObjectEncodingStrategy
    ) throws -> QueryDecodingNode {
        let root = QueryDecodingNode()
        for (name, value) in pairs where !name.isEmpty {
            let segments = QueryNameParser.segments(of: name, splitsDots: objects == .dots)
            guard segments.count <= maximumDepth else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: [], debugDescription: "The name '\(name.prefix(64))…' nests deeper than \(maximumDepth) levels."
                ))
            }
            var node = root
            for (position, segment) in segments.enumerated() {
                let isLast = position == segments.count - 1
                switch segment {
                case .key(let key):
                    node = node.child(key)
                    if isLast { node.values.append(value) }
                case .append:
                    if isLast {
                        node.values.append(value)
                    } else {
                        let element = node.appendedElements
                        node.appendedElements += 1
                        node = node.child(String(element))
                    }
                }
            }
        }
        return root
    }

    private func child(_ key: String) -> QueryDecodingNode {
        if let existing = children[key] { return existing }
        let created = QueryDecodingNode()
        children[key] = created
        return created
    }
}

/// Splits a query name into its key path: `user[name]`, `tags[]`, `filter[ids][0]`, and with dots
/// `user.name`, `users[0].name`. A name that does not parse cleanly (`a[b`, `[x]`, `a]b`) is one key.
enum QueryNameParser {
    enum Segment: Equatable {
        case key(String)
        case append
    }

    static func segments(of name: String, splitsDots: Bool) -> [Segment] {
        let bytes = Array(name.utf8)
        var segments: [Segment] = []
        var current: [UInt8] = []
        var index = 0
        var afterBracket = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") {
                guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "]")) else { return [.key(name)] }
                if !afterBracket {
                    guard !current.isEmpty else { return [.key(name)] }
                    segments.append(.key(String(decoding: current, as: UTF8.self)))
                    current.removeAll()
                }
                let inner = bytes[(index + 1)..<close]
                segments.append(inner.isEmpty ? .append : .key(String(decoding: inner, as: UTF8.self)))
                index = close + 1
                afterBracket = true
                if index < bytes.count, bytes[index] != UInt8(ascii: "["), !(splitsDots && bytes[index] == UInt8(ascii: ".")) {
                    return [.key(name)]
                }
            } else if splitsDots && byte == UInt8(ascii: ".") {
                if !afterBracket {
                    segments.append(.key(String(decoding: current, as: UTF8.self)))
                    current.removeAll()
                }
                afterBracket = false
                index += 1
                // `users[0].name`: after the dot, a plain key follows.
                if index == bytes.count { segments.append(.key("")) }
            } else {
                if afterBracket { return [.key(name)] }
                current.append(byte)
                index += 1
            }
        }
        if !afterBracket && (!current.isEmpty || segments.isEmpty) {
            segments.append(.key(String(decoding: current, as: UTF8.self)))
        }
        return segments
    }
}
