/// A top-level declaration.
public enum DeclarationSyntax: Sendable, Hashable {
    /// `MESSAGE [(Name)] uri { … }`
    case message(MessageSyntax)
    /// `STRUCT Name { … }`
    case structure(StructSyntax)
    /// `ENUM Name : TYPE { … }`
    case enumeration(EnumSyntax)
    /// `EXTERN Name;`
    case external(ExternSyntax)

    /// The declaration's range.
    public var range: SourceRange {
        switch self {
        case .message(let message): message.range
        case .structure(let structure): structure.range
        case .enumeration(let enumeration): enumeration.range
        case .external(let external): external.range
        }
    }
}

/// The HTTP methods of the language.
public enum MethodKeyword: String, Sendable, Hashable, CaseIterable {
    /// `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `HEAD` (spelled as in the IDL).
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE", head = "HEAD"
    /// `TRACE`, `CONNECT`, `OPTIONS`.
    case trace = "TRACE", connect = "CONNECT", options = "OPTIONS"

    /// `Get`, `Post`, … (the type-name prefix).
    public var typePrefix: String { rawValue.prefix(1) + rawValue.dropFirst().lowercased() }
    /// `get`, `post`, … (Courier's `HTTPMethod` static member).
    public var memberName: String { rawValue.lowercased() }
    /// Whether fields go to the query string by default (GET, HEAD, DELETE, OPTIONS, TRACE, CONNECT).
    public var sendsFieldsInQuery: Bool { ![.post, .put, .patch].contains(self) }
}

/// The role of a message part.
public enum PartRole: String, Sendable, Hashable {
    /// The request, the response, or the typed error body.
    case request = "REQUEST", response = "RESPONSE", error = "ERROR"
}

/// How a request body is encoded.
public enum BodyEncoding: String, Sendable, Hashable, CaseIterable {
    /// JSON (default), `application/x-www-form-urlencoded`, `multipart/form-data`, or one raw FILE/BLOB.
    case json = "JSON", form = "FORM", multipart = "MULTIPART", binary = "BINARY"
}

/// `GET REQUEST [JSON] { … }`, `GET RESPONSE { … }`, `GET ERROR { … }`.
public struct MessagePartSyntax: Sendable, Hashable {
    /// `///` lines before the part.
    public let doc: [String]
    /// The method and where it is.
    public let method: MethodKeyword
    /// The method keyword's range.
    public let methodRange: SourceRange
    /// Request, response or error.
    public let role: PartRole
    /// The explicit body encoding of a request, with its range.
    public let encoding: BodyEncoding?
    /// The encoding keyword's range.
    public let encodingRange: SourceRange?
    /// The body.
    public let body: BodySyntax
    /// The whole part.
    public let range: SourceRange
}

/// `MESSAGE [(Name)] uri { parts }`.
public struct MessageSyntax: Sendable, Hashable {
    /// `///` lines before the message.
    public let doc: [String]
    /// The explicit type-name stem.
    public let name: Identifier?
    /// The URI.
    public let uri: URISyntax
    /// The parts in order.
    public let parts: [MessagePartSyntax]
    /// The whole message.
    public let range: SourceRange
    /// Whether a syntax error was reported inside the message (semantic checks then skip it, so one typo
    /// does not cascade into pairing or naming errors).
    public let isIncomplete: Bool
}

/// `STRUCT Name { … }`.
public struct StructSyntax: Sendable, Hashable {
    /// `///` lines before the struct.
    public let doc: [String]
    /// The name.
    public let name: Identifier
    /// The body.
    public let body: BodySyntax
    /// The whole struct.
    public let range: SourceRange
}

/// `ENUM Name : TYPE { CASE = literal; … }`.
public struct EnumSyntax: Sendable, Hashable {
    /// One `CASE = literal;`.
    public struct Case: Sendable, Hashable {
        /// `///` lines before the case.
        public let doc: [String]
        /// The case name.
        public let name: Identifier
        /// The raw value.
        public let value: LiteralSyntax
        /// The whole case.
        public let range: SourceRange
    }

    /// `///` lines before the enum.
    public let doc: [String]
    /// The name.
    public let name: Identifier
    /// The raw type (`STRING`, `INT32`, …).
    public let rawType: TypeSyntax
    /// The cases.
    public let cases: [Case]
    /// The whole enum.
    public let range: SourceRange
}

/// `EXTERN Name;`.
public struct ExternSyntax: Sendable, Hashable {
    /// `///` lines before it.
    public let doc: [String]
    /// The Swift type's name.
    public let name: Identifier
    /// The whole declaration.
    public let range: SourceRange
}

/// A parsed file: declarations and comments.
public struct FileSyntax: Sendable {
    /// The source.
    public let source: SourceFile
    /// The declarations in order.
    public let declarations: [DeclarationSyntax]
    /// Every comment (for the formatter).
    public let comments: [Comment]
    /// Whether the file holds nothing but whitespace and comments.
    public let isBlank: Bool
}
