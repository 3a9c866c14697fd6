/// A request's body and named fields: placements, body encodings and the checks of each placement.
extension SemanticAnalyzer {
    // MARK: - Requests

    /// The request part of `parts`: a single value (`{ TYPE; }`) or named fields, with the body encoding they
    /// imply.
    mutating func analyzeRequest(_ parts: EndpointParts) -> RequestAnalysis {
        var request = RequestAnalysis(bodyEncoding: parts.request.encoding)
        switch parts.request.body.content {
        case .single(let typeSyntax, _):
            guard let type = resolve(typeSyntax) else { break }
            if request.bodyEncoding == nil, parts.method.sendsFieldsInQuery {
                if let field = singleQueryValue(type, at: typeSyntax.range, method: parts.method, seen: &request.seen) {
                    request.fields.append(field)
                }
                break
            }
            _ = checkBodyValue(type, at: typeSyntax.range, encoding: &request.bodyEncoding, spelled: "{ FILE; }")
            request.singleBody = type
        case .fields(let fields):
            if let valueSyntax = parts.request.body.bodyValue {
                request.singleBody = resolve(valueSyntax).flatMap { type in
                    checkBodyValue(type, at: valueSyntax.range, encoding: &request.bodyEncoding, spelled: "BODY FILE;") ? type : nil
                }
                if let named = fields.first(where: { isBodyPlacement($0, method: parts.method, parameters: parts.parameters) }) {
                    report(.error, "'BODY \(valueSyntax.canonical);' is the whole body; give field '\(named.name.text)' a QUERY, HEADER or PATH placement",
                           at: named.name.range)
                }
            } else if request.bodyEncoding == .binary {
                report(.error, "a BINARY body is a single FILE or BLOB: '{ FILE; }'", at: parts.request.encodingRange ?? parts.request.methodRange)
                break
            }
            analyzeRequestFields(fields, parts, into: &request)
        }
        return request
    }

    /// `GET REQUEST { TYPE; }` — the original language's single value on a method that sends its fields in the
    /// query: a required query field, the property `payload` sent under the key `body` (`body=42`,
    /// `body[0][key]=1`: the `rootKey:` rule of `URLQueryEncoder`), with a warning that says so.
    mutating func singleQueryValue(_ type: ModelType, at range: SourceRange, method: MethodKeyword, seen: inout Seen) -> ModelField? {
        guard check(type, usage: .query, at: range) else { return nil }
        let key = Self.singleQueryKey
        report(.warning, "a single-value body on \(method.rawValue) is sent in the query under the key '\(key)' (\(key)=…); name a field to choose the key, or write '\(method.rawValue) REQUEST JSON' to send a body",
               at: range)
        seen.names["payload"] = range
        seen.keys[WireKeyID(placement: .query, key: key)] = range
        return ModelField(idlName: key, swiftName: "payload", wireKey: key, type: type, isOptional: false, defaultValue: nil, doc: [],
                          placement: .query, isIndirect: false)
    }

    /// The query key of a single value sent in the query (`singleQueryValue`).
    static var singleQueryKey: String { "body" }

    /// The checks of a single-value body (`{ TYPE; }` or `BODY TYPE;`) in its encoding: JSON, or BINARY for a
    /// FILE or BLOB, when the request names none. `spelled` is how the diagnostics write a FILE body.
    mutating func checkBodyValue(_ type: ModelType, at range: SourceRange, encoding: inout BodyEncoding?, spelled: String) -> Bool {
        let isBytes = type == .scalar(.file) || type == .scalar(.blob)
        if encoding == nil { encoding = isBytes ? .binary : .json }
        switch encoding {
        case .binary?:
            guard isBytes else {
                report(.error, "a BINARY body is a single FILE or BLOB: '\(spelled)'", at: range)
                return false
            }
        case .multipart?:
            report(.error, "a MULTIPART body needs named fields (one per part)", at: range)
            return false
        case .form?:
            switch type {
            case .structure, .dictionary, .external: break
            default:
                report(.error, "a single-value FORM body must be a STRUCT or DICT", at: range)
                return false
            }
        default:
            return check(type, usage: .json, at: range)
        }
        return true
    }

    /// The named fields of a request. Their types are resolved first: a FILE or BLOB body field makes a request
    /// without an encoding MULTIPART.
    mutating func analyzeRequestFields(_ syntax: [FieldSyntax], _ parts: EndpointParts, into request: inout RequestAnalysis) {
        var resolved: [(field: FieldSyntax, type: ModelType)] = []
        for field in syntax {
            if let type = resolve(field.type) { resolved.append((field, type)) }
        }
        if request.bodyEncoding == nil, resolved.contains(where: { field, type in
            isBodyPlacement(field, method: parts.method, parameters: parts.parameters) && (type.containsFile || type.containsBlob)
        }) {
            request.bodyEncoding = .multipart
        }
        for (field, type) in resolved {
            if let model = analyzeRequestField(field, type: type, parts, bodyEncoding: &request.bodyEncoding, seen: &request.seen) {
                request.fields.append(model)
            }
        }
    }

    /// One named field of a request (its type resolved): its placement and the checks of that placement.
    /// Sets `bodyEncoding` to JSON for the first body field of a request without one.
    mutating func analyzeRequestField(_ field: FieldSyntax, type: ModelType, _ parts: EndpointParts,
                                      bodyEncoding: inout BodyEncoding?, seen: inout Seen) -> ModelField? {
        guard let placement = placement(of: field, parts, bodyEncoding: bodyEncoding) else { return nil }
        if placement == .body, bodyEncoding == nil { bodyEncoding = .json }
        let usage: Usage
        switch (placement, bodyEncoding) {
        case (.path, _): usage = .path
        case (.header, _): usage = .header
        case (.query, _): usage = .query
        case (.body, .form?): usage = .form
        case (.body, .multipart?): usage = .multipart
        case (.body, _): usage = .json
        }
        guard check(type, usage: usage, at: field.type.range) else { return nil }
        if placement == .path, field.defaultValue != nil {
            report(.error, "a path parameter cannot have a DEFAULT", at: field.defaultValue?.range ?? field.name.range)
            return nil
        }
        guard checkQueryStyle(of: field, type: type, placement: placement) else { return nil }
        let swiftName = placement == .path ? reservedSafe(Naming.lowerCamel(field.name.text)) : nil
        guard var model = makeField(field, type: type, placement: placement, swiftName: swiftName,
                                    isIndirect: false, seen: &seen, isRequest: true) else { return nil }
        model.queryStyle = field.queryStyle?.0
        return model
    }

    /// Where a request field is sent: its one placement modifier, else a path parameter of the same name, else
    /// the body or (for a method that sends its fields in the query, without a body) the query. `nil` after
    /// reporting a second placement or a placement that contradicts the URI.
    mutating func placement(of field: FieldSyntax, _ parts: EndpointParts, bodyEncoding: BodyEncoding?) -> ModelField.Placement? {
        let modifiers = field.modifiers.filter { !Self.valueModifiers.contains($0.0) }
        if modifiers.count > 1 {
            report(.error, "a field has one placement; remove '\(modifiers[1].0.rawValue)'", at: modifiers[1].1)
            return nil
        }
        let isParameter = parts.parameters.contains { $0.text == field.name.text }
        let placement: ModelField.Placement
        switch modifiers.first?.0 {
        case .query?: placement = .query
        case .header?: placement = .header
        case .path?: placement = .path
        case .body?: placement = .body
        default: placement = isParameter ? .path : bodyEncoding != nil || !parts.method.sendsFieldsInQuery ? .body : .query
        }
        if placement == .path, !isParameter {
            report(.error, "PATH field '\(field.name.text)' has no '$\(field.name.text)' in the URI", at: field.name.range)
            return nil
        }
        if placement != .path, isParameter {
            report(.error, "field '\(field.name.text)' has the name of the path parameter '$\(field.name.text)'; remove its placement to give the parameter a type", at: field.name.range)
            return nil
        }
        return placement
    }

    /// `QUERY(STYLE)` applies to a QUERY field of a type the style fits.
    mutating func checkQueryStyle(of field: FieldSyntax, type: ModelType, placement: ModelField.Placement) -> Bool {
        guard let (style, range) = field.queryStyle else { return true }
        guard placement == .query else {
            report(.error, "a query style applies to QUERY fields only", at: range)
            return false
        }
        let fits: Bool
        switch type {
        case .array: fits = style.isArrayStyle
        case .structure, .dictionary: fits = !style.isArrayStyle
        default: fits = false
        }
        if !fits { report(.error, "query style \(style.rawValue) applies to \(style.isArrayStyle ? "ARRAY" : "STRUCT or DICT") fields", at: range) }
        return fits
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
