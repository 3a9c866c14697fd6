/// `MESSAGE` checks: type names, request/response pairing and path parameters; each endpoint is checked by
/// `analyzeEndpoint`.
extension SemanticAnalyzer {
    // MARK: - Messages

    mutating func analyzeMessage(_ syntax: MessageSyntax) -> ModelMessage? {
        if syntax.isIncomplete { return nil }
        guard let stem = typeNameStem(name: syntax.name, uri: syntax.uri) else { return nil }
        if syntax.uri.segments.isEmpty { return nil }  // the parser reported the missing URI
        guard checkURIText(syntax.uri), checkPathParameters(syntax.uri.parameters) else { return nil }
        let parts = syntax.parts
        let pairing = pair(parts)
        if parts.isEmpty {
            report(.warning, "MESSAGE \(syntax.uri.canonical) declares no REQUEST; nothing is generated", at: syntax.uri.range)
        }
        var endpoints: [ModelEndpoint] = []
        for method in pairing.order {
            guard let request = pairing.requests[method], let response = pairing.responses[method] else { continue }
            let error = pairing.errors[method]
            let statusErrors = (pairing.statusErrors[method] ?? []).map { parts[$0] }
            let names = EndpointNames(prefix: method.typePrefix + stem, byStatus: !statusErrors.isEmpty)
            let what = "MESSAGE \(syntax.uri.canonical) (\(method.rawValue))"
            var namesOK = registerGeneratedName(names.request, at: parts[request].methodRange, what: what)
            namesOK = registerGeneratedName(names.response, at: parts[response].methodRange, what: what) && namesOK
            if let error { namesOK = registerGeneratedName(names.error, at: parts[error].methodRange, what: what) && namesOK }
            if !statusErrors.isEmpty { namesOK = registerGeneratedName(names.errorBody, at: statusErrors[0].methodRange, what: what) && namesOK }
            for part in statusErrors {
                namesOK = registerGeneratedName(names.error(status: part.status?.code), at: part.methodRange, what: what) && namesOK
            }
            guard namesOK, pairing.valid else { continue }
            let endpointParts = EndpointParts(method: method, uri: syntax.uri, request: parts[request], response: parts[response],
                                              error: error.map { parts[$0] }, statusErrors: statusErrors)
            if let endpoint = analyzeEndpoint(endpointParts, names: (names.request, names.response, names.error),
                                              byStatus: statusErrors.isEmpty ? nil : names) {
                endpoints.append(endpoint)
            }
        }
        guard pairing.valid else { return nil }
        return ModelMessage(uri: syntax.uri.canonical, doc: syntax.doc, endpoints: endpoints)
    }

    /// The stem of the type names of a message or WebSocket: `MESSAGE(Name)`, or the URI's pieces in
    /// UpperCamelCase (`Root` for `/`); `nil` after reporting a URI that gives no name.
    mutating func typeNameStem(name: Identifier?, uri: URISyntax) -> String? {
        if let name { return name.text.prefix(1).uppercased() + name.text.dropFirst() }
        if uri.segments.allSatisfy({ $0.pieces.isEmpty }) { return "Root" }
        var stem = ""
        for segment in uri.segments {
            for piece in segment.pieces {
                switch piece {
                case .text(let text, _): stem += Naming.upperCamel(text)
                case .parameter(let name, _): stem += Naming.upperCamel(name.text)
                }
            }
        }
        guard !stem.isEmpty else {
            report(.error, "cannot derive a type name from the URI '\(uri.canonical)'; name the message with 'MESSAGE(Name)'", at: uri.range)
            return nil
        }
        return stem
    }

    /// Reports a path parameter used twice.
    mutating func checkPathParameters(_ parameters: [Identifier]) -> Bool {
        var ranges: [String: SourceRange] = [:]
        for parameter in parameters {
            if let previous = ranges[parameter.text] {
                report(.error, "duplicate path parameter '$\(parameter.text)'", at: parameter.range,
                       notes: [.init(range: previous, message: "first used here")])
                return false
            }
            ranges[parameter.text] = parameter.range
        }
        return true
    }

    /// The parts of one message by method and role, as indices into its `parts`.
    struct Pairing {
        /// The methods in order of first appearance.
        var order: [MethodKeyword] = []
        var requests: [MethodKeyword: Int] = [:], responses: [MethodKeyword: Int] = [:], errors: [MethodKeyword: Int] = [:]
        /// The `ERROR 404 { … }` parts of each method, in source order.
        var statusErrors: [MethodKeyword: [Int]] = [:]
        /// Whether no part is repeated and every request has a response and the other way round.
        var valid = true
    }

    /// Pairs the parts by method; reports a repeated part, a request without a response and a response or
    /// error without a request.
    mutating func pair(_ parts: [MessagePartSyntax]) -> Pairing {
        var pairing = Pairing()
        for index in parts.indices {
            let method = parts[index].method
            if !pairing.order.contains(method) { pairing.order.append(method) }
            switch parts[index].role {
            case .request: pairing.valid = store(index, of: parts, in: &pairing.requests) && pairing.valid
            case .response: pairing.valid = store(index, of: parts, in: &pairing.responses) && pairing.valid
            case .error where parts[index].status != nil:
                pairing.valid = storeStatusError(index, of: parts, in: &pairing.statusErrors) && pairing.valid
            case .error: pairing.valid = store(index, of: parts, in: &pairing.errors) && pairing.valid
            }
        }
        for method in pairing.order {
            if pairing.responses[method] == nil, let request = pairing.requests[method] {
                report(.error, "\(method.rawValue) REQUEST has no matching \(method.rawValue) RESPONSE", at: parts[request].methodRange)
                pairing.valid = false
            }
            if pairing.requests[method] == nil, let orphan = pairing.responses[method] ?? pairing.errors[method] ?? pairing.statusErrors[method]?.first {
                report(.error, "\(method.rawValue) \(parts[orphan].role.rawValue) has no matching \(method.rawValue) REQUEST",
                       at: parts[orphan].methodRange)
                pairing.valid = false
            }
        }
        return pairing
    }

    /// Adds `parts[index]` to the table of its role; reports a second part of the same method and role.
    mutating func store(_ index: Int, of parts: [MessagePartSyntax], in table: inout [MethodKeyword: Int]) -> Bool {
        let method = parts[index].method
        if let previous = table[method] {
            report(.error, "duplicate \(method.rawValue) \(parts[index].role.rawValue) in this MESSAGE", at: parts[index].methodRange,
                   notes: [.init(range: parts[previous].methodRange, message: "first declared here")])
            return false
        }
        table[method] = index
        return true
    }

    /// Adds the `ERROR 404 { … }` part `parts[index]` to its method's list; reports a second one for the same status.
    mutating func storeStatusError(_ index: Int, of parts: [MessagePartSyntax], in table: inout [MethodKeyword: [Int]]) -> Bool {
        let part = parts[index]
        if let previous = table[part.method]?.first(where: { parts[$0].status?.code == part.status?.code }) {
            report(.error, "duplicate \(part.method.rawValue) ERROR \(part.status?.code ?? 0) in this MESSAGE", at: part.methodRange,
                   notes: [.init(range: parts[previous].methodRange, message: "first declared here")])
            return false
        }
        table[part.method, default: []].append(index)
        return true
    }

    /// The generated type names of one method of a message: `GetPetsRequest`, `GetPetsResponse`, and the error
    /// body `GetPetsErrorBody`; with `ERROR 404 { … }` parts (`byStatus`) that name is the enum of the bodies by
    /// status, each of which is `GetPetsError404` (`GetPetsError` for the `ERROR` of any other status).
    struct EndpointNames {
        let prefix: String
        let byStatus: Bool

        var request: String { prefix + "Request" }
        var response: String { prefix + "Response" }
        var errorBody: String { prefix + "ErrorBody" }
        /// The type of the `ERROR` of any other status.
        var error: String { byStatus ? prefix + "Error" : errorBody }

        /// The type of the `ERROR` of `status` (nil: of any other status).
        func error(status: Int?) -> String { status.map { prefix + "Error\($0)" } ?? error }
    }

    /// Route text must be a valid path: no `?` or `#` (Courier rejects them), and every `%` starts a `%XX` escape.
    mutating func checkURIText(_ uri: URISyntax) -> Bool {
        for segment in uri.segments {
            for piece in segment.pieces {
                guard case .text(let text, let range) = piece else { continue }
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
}
