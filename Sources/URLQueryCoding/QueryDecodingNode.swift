/// One level of a parsed query: the values written directly under a name and the nested keys.
///
/// `tags=a&tags=b` and `tags[]=a` put values on `tags`; `tags[0]=a` and `user[name]=kim` make children.
final class QueryDecodingNode {
    var values: [String] = []
    var children: [String: QueryDecodingNode] = [:]
    /// How many elements `[]` in the middle of names created here (`a[][b]=1`; see `element(for:)`).
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
                        node = node.element(for: segments[(position + 1)...])
                    }
                }
            }
        }
        return root
    }

    /// The array element a name `…[]<rest>` goes into, by Rack's rule for arrays of objects
    /// (`items[][id]=1&items[][name]=x&items[][id]=2` is two elements): the last element, unless `rest`
    /// has no further `[]` and that element already holds the key path `rest` — then a new element.
    private func element(for rest: ArraySlice<QueryNameParser.Segment>) -> QueryDecodingNode {
        if appendedElements > 0, let last = children[String(appendedElements - 1)], last.isObject,
           rest.contains(.append) || !last.holds(keyPath: rest) {
            return last
        }
        let element = appendedElements
        appendedElements += 1
        return child(String(element))
    }

    /// Whether the keys of `path` lead through objects to something present here (Rack's
    /// `params_hash_has_key?`).
    private func holds(keyPath path: ArraySlice<QueryNameParser.Segment>) -> Bool {
        var node = self
        for segment in path {
            guard case .key(let key) = segment, node.isObject, let next = node.children[key] else { return false }
            node = next
        }
        return true
    }

    /// Neither plain values nor array elements from `[]`: what Rack would hold as a hash.
    private var isObject: Bool { values.isEmpty && appendedElements == 0 }

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
