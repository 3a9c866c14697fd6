/// `WEBSOCKET [(Name)] uri { REQUEST { … } SEND Type; RECEIVE Type; SUBPROTOCOL token; ERROR { … } }`: a
/// WebSocket whose opening GET takes the request's path, query and header fields, and whose messages are JSON
/// values of the `SEND` type (to the server) and the `RECEIVE` type (from it).
package struct WebSocketSyntax: Sendable, Hashable {
    /// One entry of the block, in source order (the formatter keeps the order).
    package enum Item: Sendable, Hashable {
        /// `REQUEST { fields }`: the opening request's path, query and header fields.
        case request(BodySyntax)
        /// `SEND Type;`: what the client sends.
        case send(TypeSyntax)
        /// `RECEIVE Type;`: what the server sends.
        case receive(TypeSyntax)
        /// `SUBPROTOCOL token;`: a subprotocol offered, most preferred first.
        case subprotocol(WireKeySyntax)
        /// `ERROR { … }`: the body of a refused handshake.
        case error(BodySyntax)

        /// The word that starts the entry.
        package var keyword: EntryKeyword {
            switch self {
            case .request: .request
            case .send: .send
            case .receive: .receive
            case .subprotocol: .subprotocol
            case .error: .error
            }
        }
    }

    /// `///` lines before the WebSocket.
    package let doc: [String]
    /// The explicit type-name stem.
    package let name: Identifier?
    /// The URI.
    package let uri: URISyntax
    /// An entry with its `///` lines and its whole range.
    package struct Entry: Sendable, Hashable {
        package let item: Item
        package let doc: [String]
        package let range: SourceRange
    }

    /// The entries.
    package let entries: [Entry]
    /// The whole declaration.
    package let range: SourceRange
    /// Whether a syntax error was reported inside it (semantic checks then skip it).
    package let isIncomplete: Bool

    /// The word that starts an entry.
    package enum EntryKeyword: String, Sendable, CaseIterable {
        case request = "REQUEST", send = "SEND", receive = "RECEIVE", subprotocol = "SUBPROTOCOL", error = "ERROR"
    }
}
