/// A message URI: `/users/$id/files/${name}.json`.
package struct URISyntax: Sendable, Hashable {
    /// A piece of one segment.
    package enum Piece: Sendable, Hashable {
        /// Literal text (escapes resolved).
        case text(String, SourceRange)
        /// `$name` (`braced` = false) or `${name}` (`braced` = true).
        case parameter(Identifier, braced: Bool)
    }

    /// One `/`-separated segment; empty for `/` alone or a trailing slash.
    package struct Segment: Sendable, Hashable {
        /// The pieces in order.
        package let pieces: [Piece]
    }

    /// The segments.
    package let segments: [Segment]
    /// The whole URI.
    package let range: SourceRange

    /// Creates a URI.
    package init(segments: [Segment], range: SourceRange) {
        self.segments = segments
        self.range = range
    }

    /// The path parameters in order.
    package var parameters: [Identifier] {
        var names: [Identifier] = []
        for segment in segments {
            for piece in segment.pieces {
                if case .parameter(let name, _) = piece { names.append(name) }
            }
        }
        return names
    }

    /// The URI as written in canonical form (parameters as `$name` or `${name}`, special characters escaped).
    package var canonical: String {
        // The UTF-8 bytes collected in one buffer and made a string once (every message's model keeps its
        // URI: appending to a string piece by piece cost several times more).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        for segment in segments {
            bytes.append(UInt8(ascii: "/"))
            let pieces = segment.pieces
            for index in pieces.indices {
                switch pieces[index] {
                case .text(let text, _):
                    bytes.append(contentsOf: IDLText.escapeWord(text).utf8)
                case .parameter(let name, let braced):
                    let nextIsText = index + 1 < pieces.count
                    bytes.append(UInt8(ascii: "$"))
                    if braced || nextIsText { bytes.append(UInt8(ascii: "{")) }
                    bytes.append(contentsOf: name.text.utf8)
                    if braced || nextIsText { bytes.append(UInt8(ascii: "}")) }
                }
            }
        }
        return bytes.isEmpty ? "/" : String(decoding: bytes, as: UTF8.self)
    }
}
