/// `MESSAGE` checks: type names, request/response pairing, path parameters, placements and body encodings.
extension SemanticAnalyzer {
    // MARK: - Messages

    mutating func analyzeMessage(_ syntax: MessageSyntax) -> ModelMessage? {
        if syntax.isIncomplete { return nil }
        let stem: String
        if let name = syntax.name {
            stem = name.text.prefix(1).uppercased() + name.text.dropFirst()
        } else {
            // The pieces' UpperCamel bytes collected in one buffer (they are ASCII), made a string once.
            var bytes: [UInt8] = []
            for segment in syntax.uri.segments {
                for piece in segment.pieces {
                    switch piece {
                    case .text(let text, _): Naming.appendUpperCamel(text, to: &bytes)
                    case .parameter(let name, _): Naming.appendUpperCamel(name.text, to: &bytes)
                    }
                }
            }
            var derived = String(decoding: bytes, as: UTF8.self)
            if syntax.uri.segments.allSatisfy({ $0.pieces.isEmpty }) { derived = "Root" }
            guard !derived.isEmpty else {
                report(.error, "cannot derive a type name from the URI '\(syntax.uri.canonical)'; name the message with 'MESSAGE(Name)'", at: syntax.uri.range)
                return nil
            }
            stem = derived
        }
        if syntax.uri.segments.isEmpty { return nil }  // the parser reported the missing URI
        guard checkURIText(syntax.uri) else { return nil }

        // Path parameters.
        let parameters = syntax.uri.parameters
        var parameterRanges = SmallTable<String, SourceRange>(capacity: parameters.count)
        for parameter in parameters {
            if let previous = parameterRanges[parameter.text] {
                report(.error, "duplicate path parameter '$\(parameter.text)'", at: parameter.range,
                       notes: [.init(range: previous, message: "first used here")])
                return nil
            }
            parameterRanges[parameter.text] = parameter.range
        }

        // Pair parts by method.
        var order: [MethodKeyword] = []
        var requests = PartTable()
        var responses = PartTable()
        var errors = PartTable()
        var valid = true
        let parts = syntax.parts
        for index in parts.indices {
            if !order.contains(parts[index].method) { order.append(parts[index].method) }
            switch parts[index].role {
            case .request: valid = store(index, of: parts, in: &requests) && valid
            case .response: valid = store(index, of: parts, in: &responses) && valid
            case .error: valid = store(index, of: parts, in: &errors) && valid
            }
        }
        for method in order {
            if !responses.contains(method), let request = requests[method] {
                report(.error, "\(method.rawValue) REQUEST has no matching \(method.rawValue) RESPONSE", at: parts[request].methodRange)
                valid = false
            }
            if !requests.contains(method) {
                let orphan = responses[method] ?? errors[method]
                if let orphan {
                    report(.error, "\(method.rawValue) \(parts[orphan].role.rawValue) has no matching \(method.rawValue) REQUEST",
                           at: parts[orphan].methodRange)
                    valid = false
                }
            }
        }
        if syntax.parts.isEmpty {
            report(.warning, "MESSAGE \(syntax.uri.canonical) declares no REQUEST; nothing is generated", at: syntax.uri.range)
        }
        var endpoints: [ModelEndpoint] = []
        endpoints.reserveCapacity(order.count)
        for method in order {
            guard let request = requests[method], let response = responses[method] else { continue }
            let prefix = method.typePrefix
            // The error body's name only for a method with an ERROR part (it is read only then).
            let names = (request: Naming.concatenate(prefix, stem, "Request"), response: Naming.concatenate(prefix, stem, "Response"),
                         error: errors[method] == nil ? "" : Naming.concatenate(prefix, stem, "ErrorBody"))
            let what = { "MESSAGE \(syntax.uri.canonical) (\(method.rawValue))" }
            var namesOK = registerGeneratedName(names.request, at: parts[request].methodRange, what: what())
            namesOK = registerGeneratedName(names.response, at: parts[response].methodRange, what: what()) && namesOK
            if let error = errors[method] {
                namesOK = registerGeneratedName(names.error, at: parts[error].methodRange, what: what()) && namesOK
            }
            guard namesOK, valid else { continue }
            if let endpoint = analyzeEndpoint(method: method, uri: syntax.uri, parameters: parameters, request: parts[request], response: parts[response],
                                              error: errors[method].map { parts[$0] }, names: names) {
                endpoints.append(endpoint)
            }
        }
        guard valid else { return nil }
        return ModelMessage(uri: syntax.uri.canonical, doc: syntax.doc, endpoints: endpoints)
    }

    /// The parts of one message by method, as indices into its `parts` (a handful of entries: a linear scan
    /// beats hashing; an index rather than a copy of the part, which would retain and release its arrays).
    struct PartTable: Sendable {
        var entries: [(MethodKeyword, Int)] = []

        /// An empty table.
        init() {}

        /// The index of the part for `method`, if any.
        subscript(method: MethodKeyword) -> Int? {
            entries.first { $0.0 == method }?.1
        }

        /// Whether there is a part for `method`.
        func contains(_ method: MethodKeyword) -> Bool {
            entries.contains { $0.0 == method }
        }
    }

    /// Route text must be a valid path: no `?` or `#` (Courier rejects them), and every `%` starts a `%XX` escape.
    mutating func checkURIText(_ uri: URISyntax) -> Bool {
        for segment in uri.segments {
            for piece in segment.pieces {
                guard case .text(let text, let range) = piece else { continue }
                // Most text has none of `?`, `#` and `%`: nothing to check, and no scalars to collect.
                guard text.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "%") }) else {
                    continue
                }
                let scalars = Array(text.unicodeScalars)
                for (index, scalar) in scalars.enumerated() {
                    let at = SourceRange(start: range.start + index, end: range.start + index + 1)
                    if scalar == "?" || scalar == "#" {
                        report(.error, "a URI is a path only; '\(scalar)' is not allowed (declare query parameters as QUERY fields)", at: at)
                        return false
                    }
                    if scalar == "%" {
                        let digits = scalars.dropFirst(index + 1).prefix(2)
                        if digits.count < 2 || !digits.allSatisfy({ $0.properties.isASCIIHexDigit }) {
                            report(.error, "malformed percent escape in the URI; '%' must be followed by two hex digits", at: at)
                            return false
                        }
                    }
                }
            }
        }
        return true
    }

    /// Adds `parts[index]` to the table of its role; reports a second part of the same method and role.
    mutating func store(_ index: Int, of parts: [MessagePartSyntax], in table: inout PartTable) -> Bool {
        let method = parts[index].method
        if let previous = table[method] {
            report(.error, "duplicate \(method.rawValue) \(parts[index].role.rawValue) in this MESSAGE", at: parts[index].methodRange,
                   notes: [.init(range: parts[previous].methodRange, message: "first declared here")])
            return false
        }
        table.entries.append((method, index))
        return true
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

    /// `parameters` are `uri.parameters`.
    mutating func analyzeEndpoint(method: MethodKeyword, uri: URISyntax, parameters: [Identifier], request: MessagePartSyntax,
                                          response: MessagePartSyntax, error: MessagePartSyntax?,
                                          names: (request: String, response: String, error: String)) -> ModelEndpoint? {
        let errorsBefore = errorCount
        var responsePayload = analyzePayload(response)
        if response.isEventStream, let payload = responsePayload, !checkEventPayload(payload, of: response) { responsePayload = nil }
        let errorPayload = error.flatMap { analyzePayload($0) }

        var fields: [ModelField] = []
        var pathFields: [ModelField] = []
        var seen = Seen()
        var boundParameters = SmallTable<String, ModelField>()
        var bodyEncoding = request.encoding
        var singleBody: ModelType?

        switch request.body.content {
        case .single(let typeSyntax, _):
            guard let type = resolve(typeSyntax) else { break }
            if bodyEncoding == nil {
                if method.sendsFieldsInQuery {
                    report(.error, "a single-value body '{ TYPE; }' needs a request body; \(method.rawValue) sends its fields in the query (write '\(method.rawValue) REQUEST JSON' or 'BINARY' to send a body)", at: typeSyntax.range)
                    break
                }
                bodyEncoding = (type == .scalar(.file) || type == .scalar(.blob)) ? .binary : .json
            }
            switch bodyEncoding {
            case .binary?:
                guard type == .scalar(.file) || type == .scalar(.blob) else {
                    report(.error, "a BINARY body is a single FILE or BLOB: '{ FILE; }'", at: typeSyntax.range)
                    break
                }
            case .multipart?:
                report(.error, "a MULTIPART body needs named fields (one per part)", at: typeSyntax.range)
            case .form?:
                switch type {
                case .structure, .dictionary, .external: break
                default: report(.error, "a single-value FORM body must be a STRUCT or DICT", at: typeSyntax.range)
                }
            default:
                _ = check(type, usage: .json, at: typeSyntax.range)
            }
            singleBody = type
        case .fields(let syntaxFields):
            if let valueSyntax = request.body.bodyValue {
                singleBody = analyzeBodyValue(valueSyntax, encoding: &bodyEncoding)
                if let named = syntaxFields.first(where: { isBodyPlacement($0, method: method, parameters: parameters) }) {
                    report(.error, "'BODY \(valueSyntax.canonical);' is the whole body; give field '\(named.name.text)' a QUERY, HEADER or PATH placement",
                           at: named.name.range)
                }
            } else if bodyEncoding == .binary {
                report(.error, "a BINARY body is a single FILE or BLOB: '{ FILE; }'", at: request.encodingRange ?? request.methodRange)
                break
            }
            // The fields are read in place through a buffer pointer: an array element handed to a function is
            // copied first (retaining and releasing each of its strings and arrays). Safe: the buffer is only
            // read, inside the closure, while `syntaxFields` (a constant) keeps the storage alive.
            syntaxFields.withUnsafeBufferPointer { syntaxFields in
                // Resolve types first: FILE/BLOB fields make an unmarked POST a MULTIPART request.
                var resolved: [(field: Int, type: ModelType)] = []
                for index in syntaxFields.indices {
                    if let type = resolve(syntaxFields[index].type) { resolved.append((index, type)) }
                }
                if bodyEncoding == nil, resolved.contains(where: { isBodyPlacement(syntaxFields[$0.field], method: method, parameters: parameters) && ($0.type.containsFile || $0.type.containsBlob) }) {
                    bodyEncoding = .multipart
                }
                for (fieldIndex, type) in resolved {
                    guard let model = analyzeRequestField(syntaxFields[fieldIndex], type: type, method: method, parameters: parameters,
                                                          bodyEncoding: &bodyEncoding, seen: &seen) else { continue }
                    if model.placement == .path { boundParameters[model.idlName] = model }
                    fields.append(model)
                }
            }
        }
        // Path parameters without a typed field are required strings.
        for parameter in parameters {
            if let bound = boundParameters[parameter.text] {
                pathFields.append(bound)
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
            pathFields.append(ModelField(idlName: parameter.text, swiftName: swiftName, wireKey: parameter.text, type: .scalar(.string),
                                         isOptional: false, defaultValue: nil, doc: [], placement: .path, isIndirect: false))
        }
        if bodyEncoding != nil, singleBody == nil, !fields.contains(where: { $0.placement == .body }), request.encoding == nil {
            bodyEncoding = nil
        }
        if response.isEventStream { checkEventRequestFields(fields, of: request) }
        guard errorCount == errorsBefore,
              let responsePayload, error == nil || errorPayload != nil else { return nil }

        // Adjacent literal text is one piece: collected in one string, added before each parameter.
        var path: [ModelPathPiece] = []
        path.reserveCapacity(2 * parameters.count + 1)
        // The literal's UTF-8 bytes are collected in one buffer and made a string once per piece.
        var literal: [UInt8] = []
        for segment in uri.segments {
            literal.append(UInt8(ascii: "/"))
            for piece in segment.pieces {
                switch piece {
                case .text(let text, _):
                    literal.append(contentsOf: text.utf8)
                case .parameter(let name, _):
                    if let field = pathFields.first(where: { $0.idlName == name.text }) {
                        if !literal.isEmpty { path.append(.literal(String(decoding: literal, as: UTF8.self))) }
                        literal.removeAll(keepingCapacity: true)
                        path.append(.parameter(swiftName: field.swiftName, type: field.type))
                    }
                }
            }
        }
        if !literal.isEmpty { path.append(.literal(String(decoding: literal, as: UTF8.self))) }
        // Path parameters first, then the other fields in declaration order.
        var requestFields: [ModelField] = []
        requestFields.reserveCapacity(pathFields.count + fields.count)
        requestFields += pathFields
        for index in fields.indices where fields[index].placement != .path { requestFields.append(fields[index]) }
        guard let styles = queryStyles(request) else { return nil }
        var endpoint = ModelEndpoint(method: method, requestDoc: request.doc, responseDoc: response.doc, errorDoc: error?.doc ?? [],
                             requestTypeName: names.request, responseTypeName: names.response,
                             errorTypeName: error == nil ? nil : names.error, path: path,
                             requestFields: requestFields, bodyEncoding: bodyEncoding, singleBody: singleBody,
                             response: responsePayload, error: errorPayload)
        (endpoint.arrayQueryStyle, endpoint.objectQueryStyle) = styles
        endpoint.isEventStream = response.isEventStream
        return endpoint
    }

    /// One named field of a request (its type resolved): its placement and the checks of that placement.
    /// Sets `bodyEncoding` to JSON for the first body field of a request without one.
    mutating func analyzeRequestField(_ field: FieldSyntax, type: ModelType, method: MethodKeyword, parameters: [Identifier],
                                      bodyEncoding: inout BodyEncoding?, seen: inout Seen) -> ModelField? {
        // The first placement modifier, and a second one (an error), without collecting them.
        var firstPlacement: FieldSyntax.Modifier?
        var extraPlacement: (FieldSyntax.Modifier, SourceRange)?
        for (modifier, range) in field.modifiers where modifier != .required {
            if firstPlacement == nil {
                firstPlacement = modifier
            } else {
                extraPlacement = (modifier, range)
                break
            }
        }
        if let (modifier, range) = extraPlacement {
            report(.error, "a field has one placement; remove '\(modifier.rawValue)'", at: range)
            return nil
        }
        var placement: ModelField.Placement
        switch firstPlacement {
        case .query?: placement = .query
        case .header?: placement = .header
        case .path?: placement = .path
        case .body?: placement = .body
        default:
            if parameters.contains(where: { $0.text == field.name.text }) {
                placement = .path
            } else {
                placement = bodyEncoding != nil || !method.sendsFieldsInQuery ? .body : .query
            }
        }
        if placement == .path, !parameters.contains(where: { $0.text == field.name.text }) {
            report(.error, "PATH field '\(field.name.text)' has no '$\(field.name.text)' in the URI", at: field.name.range)
            return nil
        }
        if placement != .path, parameters.contains(where: { $0.text == field.name.text }) {
            report(.error, "field '\(field.name.text)' has the name of the path parameter '$\(field.name.text)'; remove its placement to give the parameter a type", at: field.name.range)
            return nil
        }
        if placement == .body, bodyEncoding == nil { bodyEncoding = .json }
        let usage: Usage
        switch placement {
        case .path: usage = .path
        case .header: usage = .header
        case .query: usage = .query
        case .body:
            switch bodyEncoding {
            case .form?: usage = .form
            case .multipart?: usage = .multipart
            default: usage = .json
            }
        }
        guard check(type, usage: usage, at: field.type.range) else { return nil }
        if placement == .path, field.defaultValue != nil {
            report(.error, "a path parameter cannot have a DEFAULT", at: field.defaultValue?.range ?? field.name.range)
            return nil
        }
        let swiftName = placement == .path ? Naming.lowerCamel(field.name.text) : nil
        if let (style, range) = field.queryStyle {
            guard placement == .query else {
                report(.error, "a query style applies to QUERY fields only", at: range)
                return nil
            }
            let fits: Bool
            switch type {
            case .array: fits = style.isArrayStyle
            case .structure, .dictionary: fits = !style.isArrayStyle
            default: fits = false
            }
            guard fits else {
                report(.error, "query style \(style.rawValue) applies to \(style.isArrayStyle ? "ARRAY" : "STRUCT or DICT") fields", at: range)
                return nil
            }
        }
        guard var model = makeField(field, type: type, placement: placement, swiftName: swiftName.map(reservedSafe),
                                    isIndirect: false, seen: &seen, isRequest: true) else { return nil }
        model.queryStyle = field.queryStyle?.0
        return model
    }

    /// `BODY TYPE;` next to named fields: the checks of a single-value body.
    mutating func analyzeBodyValue(_ typeSyntax: TypeSyntax, encoding: inout BodyEncoding?) -> ModelType? {
        guard let type = resolve(typeSyntax) else { return nil }
        let isBytes = type == .scalar(.file) || type == .scalar(.blob)
        if encoding == nil { encoding = isBytes ? .binary : .json }
        switch encoding {
        case .binary?:
            guard isBytes else {
                report(.error, "a BINARY body is a single FILE or BLOB: 'BODY FILE;'", at: typeSyntax.range)
                return nil
            }
        case .multipart?:
            report(.error, "a MULTIPART body needs named fields (one per part)", at: typeSyntax.range)
            return nil
        case .form?:
            switch type {
            case .structure, .dictionary, .external: break
            default:
                report(.error, "a single-value FORM body must be a STRUCT or DICT", at: typeSyntax.range)
                return nil
            }
        default:
            guard check(type, usage: .json, at: typeSyntax.range) else { return nil }
        }
        return type
    }

    /// The one array style and one object style of a request's `QUERY(STYLE)` fields (the query is encoded
    /// by one `URLQueryEncoder`), or `nil` after reporting a conflict.
    mutating func queryStyles(_ request: MessagePartSyntax) -> (QueryStyle?, QueryStyle?)? {
        var array: (QueryStyle, SourceRange)?
        var object: (QueryStyle, SourceRange)?
        // By index: `for field in` would copy each field (retaining and releasing its strings and arrays).
        let fields = request.body.fields
        for index in fields.indices {
            guard let (style, range) = fields[index].queryStyle else { continue }
            let current = style.isArrayStyle ? array : object
            if let (previous, previousRange) = current, previous != style {
                report(.error, "query styles \(previous.rawValue) and \(style.rawValue) conflict: one request encodes its query with one strategy for \(style.isArrayStyle ? "arrays" : "objects")",
                       at: range, notes: [.init(range: previousRange, message: "\(previous.rawValue) set here")])
                return nil
            }
            if style.isArrayStyle { array = (style, range) } else { object = (style, range) }
        }
        return (array?.0, object?.0)
    }

    func reservedSafe(_ name: String) -> String {
        Self.reservedRequestMembers.contains(name) ? name + "Value" : name
    }

    func isBodyPlacement(_ field: FieldSyntax, method: MethodKeyword, parameters: [Identifier]) -> Bool {
        if field.has(.body) { return true }
        if field.has(.query) || field.has(.header) || field.has(.path) { return false }
        if parameters.contains(where: { $0.text == field.name.text }) { return false }
        return !method.sendsFieldsInQuery
    }
}
