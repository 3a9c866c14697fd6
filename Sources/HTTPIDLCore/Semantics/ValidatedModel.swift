/// The typed, validated form of the compiled `.http` files: what the Swift generator consumes.
public struct ValidatedModel: Sendable {
    /// One entry per input file, in input order.
    public let files: [ValidatedFile]
}

/// The validated declarations of one `.http` file, in source order.
public struct ValidatedFile: Sendable {
    /// The file's name as given.
    public let sourceName: String
    /// The declarations in source order.
    public let declarations: [ModelDeclaration]
}

/// A validated declaration.
public enum ModelDeclaration: Sendable {
    /// An endpoint group (one URI).
    case message(ModelMessage)
    /// A model struct.
    case structure(ModelStruct)
    /// An enum with a fallback case.
    case enumeration(ModelEnum)
}

/// A field of a struct, response, error or request.
public struct ModelField: Sendable, Hashable {
    /// Where a request field is sent.
    public enum Placement: String, Sendable, Hashable {
        /// A path parameter, a query item, a header, or a body field.
        case path, query, header, body
    }

    /// The name in the `.http` file.
    public let idlName: String
    /// The Swift property name (lowerCamelCase, unescaped).
    public let swiftName: String
    /// The wire name: JSON key, query key, header name or form field name.
    public let wireKey: String
    /// The type.
    public let type: ModelType
    /// Whether the property is optional (no `REQUIRED`, no `DEFAULT`, not a path parameter).
    public let isOptional: Bool
    /// The `DEFAULT` value, already checked against the type.
    public let defaultValue: ModelDefault?
    /// `///` lines.
    public let doc: [String]
    /// Request placement (`.body` for non-request fields).
    public let placement: Placement
    /// Whether the field needs heap storage because its struct type is recursive.
    public let isIndirect: Bool
}

/// A `STRUCT`.
public struct ModelStruct: Sendable {
    /// The Swift type name.
    public let name: String
    /// `///` lines.
    public let doc: [String]
    /// The fields in order.
    public let fields: [ModelField]
}

/// An `ENUM`.
public struct ModelEnum: Sendable {
    /// One case.
    public struct Case: Sendable {
        /// The Swift case name (unescaped).
        public let swiftName: String
        /// The raw value as a Swift literal (`"active"`, `0`).
        public let rawLiteral: String
        /// `///` lines.
        public let doc: [String]
    }

    /// The Swift type name.
    public let name: String
    /// `///` lines.
    public let doc: [String]
    /// `STRING` or an integer type.
    public let rawType: ScalarType
    /// The declared cases.
    public let cases: [Case]
    /// The name of the `case …(RawValue)` that keeps values this version does not know.
    public let fallbackName: String
}

/// A body or response: named fields, one value, or nothing.
public enum ModelPayload: Sendable {
    /// Named fields.
    case fields([ModelField])
    /// `{ TYPE; }` — the whole body is one value.
    case single(ModelType)
    /// `{}`.
    case empty
}

/// One piece of a request path.
public enum ModelPathPiece: Sendable, Hashable {
    /// Route text.
    case literal(String)
    /// A path parameter, by Swift property name.
    case parameter(swiftName: String, type: ModelType)
}

/// One method of a message: request, response and optional typed error body.
public struct ModelEndpoint: Sendable {
    /// The HTTP method.
    public let method: MethodKeyword
    /// Doc lines of the request, response and error parts.
    public let requestDoc: [String], responseDoc: [String], errorDoc: [String]
    /// Generated type names.
    public let requestTypeName: String, responseTypeName: String, errorTypeName: String?
    /// The path as route text and parameters.
    public let path: [ModelPathPiece]
    /// Every request property in declaration order (path parameters first).
    public let requestFields: [ModelField]
    /// The request body's encoding, when the request has a body.
    public let bodyEncoding: BodyEncoding?
    /// The single-value request body type, for `{ TYPE; }` requests.
    public let singleBody: ModelType?
    /// The response.
    public let response: ModelPayload
    /// The typed error body.
    public let error: ModelPayload?
}

/// A `MESSAGE`: one URI, one endpoint per method.
public struct ModelMessage: Sendable {
    /// The URI in canonical spelling (for comments).
    public let uri: String
    /// `///` lines.
    public let doc: [String]
    /// Endpoints in order of first appearance.
    public let endpoints: [ModelEndpoint]
}

/// A checked `DEFAULT` value.
public enum ModelDefault: Sendable, Hashable {
    /// A string.
    case string(String)
    /// An integer literal that fits the field's type.
    case integer(String)
    /// A floating-point literal.
    case float(String)
    /// A boolean.
    case bool(Bool)
    /// A case of the field's enum type, by Swift case name.
    case enumCase(String)
}
