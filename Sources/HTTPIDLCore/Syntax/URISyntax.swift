/// A message URI: `/users/$id/files/${name}.json`.
public struct URISyntax: Sendable, Hashable {
    /// A piece of one segment.
    public enum Piece: Sendable, Hashable {
        /// Literal text (escapes resolved).
        case text(String, SourceRange)
        /// `$name` (`braced` = false) or `${name}` (`braced` = true).
        case parameter(Identifier, braced: Bool)
    }

    /// One `/`-separated segment; empty for `/` alone or a trailing slash.
    public struct Segment: Sendable, Hashable {
        /// The pieces in order.
        public let pieces: [Piece]
    }

    /// The segments.
    public let segments: [Segment]
    /// The whole URI.
    public let range: SourceRange

    /// Creates a URI.
    public init(segments: [Segment], range: SourceRange) {
        self.segments = segments
        self.range = range
    }

    /// The path parameters in order.
    public var parameters: [Identifier] {
        var names: [Identifier] = []
        for segment in segments {
            for piece in segment.pieces {
                if case .parameter(let name, _) = piece { names.append(name) }
            }
        }
        return names
    }

    /// The URI as written in canonical form (parameters as `$name` or `${name}`, special characters escaped).
    public var canonical: String {
        var result = ""
        for segment in segments {
            result += "/"
            for (index, piece) in segment.pieces.enumerated() {
                switch piece {
                case .text(let text, _):
                    result += IDLText.escapeWord(text)
                case .parameter(let name, let braced):
                    let nextIsText = index + 1 < segment.pieces.count
                    result += braced || nextIsText ? "${\(name.text)}" : "$\(name.text)"
                }
            }
        }
        return result.isEmpty ? "/" : result
    }
}
