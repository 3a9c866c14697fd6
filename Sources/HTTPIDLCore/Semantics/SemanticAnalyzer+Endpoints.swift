/// One method of a `MESSAGE`: its request, response and error parts checked together into a `ModelEndpoint`.
extension SemanticAnalyzer {
    // MARK: - Endpoints

    /// The parts of one method of a message.
    struct EndpointParts {
        let method: MethodKeyword
        let uri: URISyntax
        let request: MessagePartSyntax, response: MessagePartSyntax, error: MessagePartSyntax?
        /// The `ERROR 404 { … }` parts.
        var statusErrors: [MessagePartSyntax] = []

        /// The URI's path parameters.
        var parameters: [Identifier] { uri.parameters }
    }

    /// A request's fields and body as checked so far (before the path parameters without a field are added).
    struct RequestAnalysis {
        var fields: [ModelField] = []
        var bodyEncoding: BodyEncoding?
        var singleBody: ModelType?
        /// The property names and wire keys used so far.
        var seen = Seen()
    }

    mutating func analyzeEndpoint(_ parts: EndpointParts, names: (request: String, response: String, error: String),
                                  byStatus: EndpointNames? = nil) -> ModelEndpoint? {
        let errorsBefore = errorCount
        let statusErrors = parts.statusErrors.compactMap { part in
            analyzePayload(part).map { ModelStatusError(status: part.status?.code ?? 0, doc: part.doc,
                                                        typeName: byStatus?.error(status: part.status?.code) ?? "", payload: $0) }
        }
        var responsePayload = analyzePayload(parts.response)
        if parts.response.isEventStream, let payload = responsePayload, !checkEventPayload(payload, of: parts.response) { responsePayload = nil }
        let errorPayload = parts.error.flatMap { analyzePayload($0) }
        var request = analyzeRequest(parts)
        let pathFields = pathFields(parts.parameters, bound: request.fields, seen: &request.seen)
        if request.bodyEncoding != nil, request.singleBody == nil, !request.fields.contains(where: { $0.placement == .body }),
           parts.request.encoding == nil {
            request.bodyEncoding = nil
        }
        if parts.response.isEventStream {
            checkRequestFields(request.fields, of: parts.request, avoiding: Self.eventTypeAlias, of: "a request whose response is EVENTS", naming: "event")
        }
        guard errorCount == errorsBefore, let responsePayload, parts.error == nil || errorPayload != nil else { return nil }
        var endpoint = ModelEndpoint(method: parts.method, requestDoc: parts.request.doc, responseDoc: parts.response.doc,
                                     errorDoc: parts.error?.doc ?? [], requestTypeName: names.request, responseTypeName: names.response,
                                     errorTypeName: parts.error == nil ? nil : names.error, path: pathPieces(parts.uri, pathFields),
                                     requestFields: pathFields + request.fields.filter { $0.placement != .path },
                                     bodyEncoding: request.bodyEncoding, singleBody: request.singleBody,
                                     response: responsePayload, error: errorPayload)
        (endpoint.arrayQueryStyle, endpoint.objectQueryStyle) = queryStyles(parts.request)
        endpoint.isEventStream = parts.response.isEventStream
        if !statusErrors.isEmpty {
            endpoint.statusErrors = statusErrors
            endpoint.errorBodyEnumName = byStatus?.errorBody
        }
        return endpoint
    }

    mutating func analyzePayload(_ part: MessagePartSyntax) -> ModelPayload? {
        switch part.body.content {
        case .single(let typeSyntax, _):
            guard let type = resolve(typeSyntax) else { return nil }
            return .single(type)
        case .fields(let fields):
            if fields.isEmpty { return .empty }
            let errorsBefore = errorCount
            let models = analyzeModelFields(fields)
            return errorCount == errorsBefore ? .fields(models) : nil
        }
    }

    /// The fields of the path parameters in URI order: the request's `PATH` field of each (in `bound`), or
    /// else a required string.
    mutating func pathFields(_ parameters: [Identifier], bound: [ModelField], seen: inout Seen) -> [ModelField] {
        var fields: [ModelField] = []
        for parameter in parameters {
            if let field = bound.first(where: { $0.placement == .path && $0.idlName == parameter.text }) {
                fields.append(field)
                continue
            }
            let swiftName = reservedSafe(Naming.lowerCamel(parameter.text))
            guard !swiftName.isEmpty else {
                report(.error, "path parameter '$\(parameter.text)' has no letters or digits to name a Swift property", at: parameter.range)
                continue
            }
            if let previous = seen.names[swiftName] {
                report(.error, "path parameter '$\(parameter.text)' and a field both become the property '\(swiftName)'", at: parameter.range,
                       notes: [.init(range: previous, message: "field declared here")])
                continue
            }
            seen.names[swiftName] = parameter.range
            fields.append(ModelField(idlName: parameter.text, swiftName: swiftName, wireKey: parameter.text, type: .scalar(.string),
                                     isOptional: false, defaultValue: nil, doc: [], placement: .path, isIndirect: false))
        }
        return fields
    }

    /// The path as route text and parameters; adjacent literal text is one piece.
    func pathPieces(_ uri: URISyntax, _ pathFields: [ModelField]) -> [ModelPathPiece] {
        var path: [ModelPathPiece] = []
        var literal = ""
        for segment in uri.segments {
            literal += "/"
            for piece in segment.pieces {
                switch piece {
                case .text(let text, _):
                    literal += text
                case .parameter(let name, _):
                    guard let field = pathFields.first(where: { $0.idlName == name.text }) else { continue }
                    if !literal.isEmpty { path.append(.literal(literal)) }
                    literal = ""
                    path.append(.parameter(swiftName: field.swiftName, type: field.type))
                }
            }
        }
        if !literal.isEmpty { path.append(.literal(literal)) }
        return path
    }

    /// The request's array and object styles: the first `QUERY(STYLE)` field of each kind sets the encoder's
    /// strategy (a field without a style is written in it); a field with another style keeps its own
    /// (`URLQueryEncoder.arrayEncodingStrategiesByKey`).
    func queryStyles(_ request: MessagePartSyntax) -> (QueryStyle?, QueryStyle?) {
        var array: QueryStyle?
        var object: QueryStyle?
        for field in request.body.fields {
            guard let (style, _) = field.queryStyle else { continue }
            if style.isArrayStyle { array = array ?? style } else { object = object ?? style }
        }
        return (array, object)
    }
}
