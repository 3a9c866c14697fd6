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
    /// The response: for an event stream, the `data` of one event.
    public let response: ModelPayload
    /// Whether the response is a stream of Server-Sent Events (`RESPONSE EVENTS`).
    public var isEventStream = false
    /// The typed error body.
    public let error: ModelPayload?
    /// The query encoder's array and object strategies when a `QUERY(STYLE)` field sets one.
    public var arrayQueryStyle: QueryStyle? = nil, objectQueryStyle: QueryStyle? = nil
}
