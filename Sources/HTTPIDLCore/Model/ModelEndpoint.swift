/// One method of a message (or a `WEBSOCKET`): request, response and optional typed error body.
package struct ModelEndpoint: Sendable {
    /// The HTTP method.
    package let method: MethodKeyword
    /// Doc lines of the request, response and error parts.
    package let requestDoc: [String], responseDoc: [String], errorDoc: [String]
    /// Generated type names.
    package let requestTypeName: String, responseTypeName: String, errorTypeName: String?
    /// The path as route text and parameters.
    package let path: [ModelPathPiece]
    /// Every request property in declaration order (path parameters first).
    package let requestFields: [ModelField]
    /// The request body's encoding, when the request has a body.
    package let bodyEncoding: BodyEncoding?
    /// The single-value request body type, for `{ TYPE; }` requests.
    package let singleBody: ModelType?
    /// The response: for an event stream, the `data` of one event.
    package let response: ModelPayload
    /// Whether the response is a stream of Server-Sent Events (`RESPONSE EVENTS`).
    package var isEventStream = false
    /// For a `WEBSOCKET` (whose `response` is the `RECEIVE` type): what the client sends, and the subprotocols
    /// offered.
    package var webSocket: (send: ModelType, subprotocols: [String])? = nil
    /// The typed error body (with `statusErrors`: of any other status).
    package let error: ModelPayload?
    /// The `ERROR 404 { … }` bodies in source order; with them the `APIErrorBody` is `errorBodyEnumName`, an enum of
    /// the bodies by status.
    package var statusErrors: [ModelStatusError] = []
    /// The name of that enum.
    package var errorBodyEnumName: String? = nil
    /// The query encoder's array and object strategies when a `QUERY(STYLE)` field sets one (the first field of
    /// each kind); a field with another style has its own (`ModelField.queryStyle`).
    package var arrayQueryStyle: QueryStyle? = nil, objectQueryStyle: QueryStyle? = nil

    /// The style `field` is written in: its own, else the request's for its kind (`nil`: the encoder's default).
    package func queryStyle(of field: ModelField) -> QueryStyle? {
        switch field.type {
        case .array: field.queryStyle ?? arrayQueryStyle
        case .structure, .dictionary: field.queryStyle ?? objectQueryStyle
        default: nil
        }
    }
}

/// `GET ERROR 404 { … }`: the error body of one status.
package struct ModelStatusError: Sendable {
    /// The status, 400–599.
    package let status: Int
    /// Doc lines of the part.
    package let doc: [String]
    /// The generated type name (`GetPetsError404`).
    package let typeName: String
    /// The body.
    package let payload: ModelPayload
}
