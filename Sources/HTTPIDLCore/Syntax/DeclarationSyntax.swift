/// A top-level declaration.
package enum DeclarationSyntax: Sendable, Hashable {
    /// `MESSAGE [(Name)] uri { … }` (boxed: a message is large, and each copy of a declaration is then one
    /// reference)
    indirect case message(MessageSyntax)
    /// `STRUCT Name { … }`
    case structure(StructSyntax)
    /// `ENUM Name : TYPE { … }`
    case enumeration(EnumSyntax)
    /// `EXTERN Name;`
    case external(ExternSyntax)
    /// `UNION Name { TYPE; … }`
    case union(UnionSyntax)
    /// `WEBSOCKET [(Name)] uri { … }` (boxed, like a message)
    indirect case webSocket(WebSocketSyntax)

    /// The declaration's range.
    package var range: SourceRange {
        switch self {
        case .message(let message): message.range
        case .structure(let structure): structure.range
        case .enumeration(let enumeration): enumeration.range
        case .external(let external): external.range
        case .union(let union): union.range
        case .webSocket(let webSocket): webSocket.range
        }
    }
}
