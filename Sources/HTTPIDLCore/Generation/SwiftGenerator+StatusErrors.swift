/// `ERROR 404 { … }`: the error body of each status, and the enum of them that is the request's `APIErrorBody`
/// (Courier's `StatusErrorBody`, which the client decodes by the failing status).
extension SwiftGenerator {
    // MARK: - Error bodies by status

    /// The body type of each status, then the enum whose case the client picks by the status.
    func statusErrorDeclarations(_ endpoint: ModelEndpoint, summary: String) -> [SwiftDeclaration] {
        guard let enumName = endpoint.errorBodyEnumName else { return [] }
        var declarations = endpoint.statusErrors.map { error in
            payloadDeclaration(error.payload, name: error.typeName,
                               doc: error.doc.isEmpty ? ["The error body of \(summary) with status \(error.status)."] : error.doc)
        }
        var cases = endpoint.statusErrors.map { SwiftEnum.Case(doc: ["Status \($0.status)."], name: "status\($0.status)", associatedValue: $0.typeName) }
        var select = ["switch statusCode {"]
        for error in endpoint.statusErrors {
            select += ["case \(error.status):", "    self = .status\(error.status)(\(decoded(error.payload, as: error.typeName)))"]
        }
        let fromDecoder: String
        if let other = endpoint.error, let otherName = endpoint.errorTypeName {
            cases.append(SwiftEnum.Case(doc: ["Any other failing status."], name: "other", associatedValue: otherName))
            select += ["default:", "    self = .other(\(decoded(other, as: otherName)))", "}"]
            fromDecoder = "self = .other(try \(otherName)(from: decoder))"
        } else {
            select += ["default:", "    throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: \"no ERROR body for status \\(statusCode)\"))", "}"]
            fromDecoder = "throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: \"the type depends on the status\"))"
        }
        let parameters = [SwiftParameter(label: "statusCode", name: "statusCode", type: "Int"), SwiftParameter(label: "body", name: "body", type: "Data"),
                          SwiftParameter(label: "headers", name: "headers", type: "HTTPHeaders"),
                          SwiftParameter(label: "decoder", name: "decoder", type: "any ResponseDecoder")]
        let members: [SwiftMember] = [
            .initializer(doc: ["Decodes `body` as the type its status declares."], access: access, modifiers: "", parameters: parameters,
                         throwing: true, body: select),
            .initializer(doc: ["Decodes a body whose status is not known\(endpoint.error == nil ? " (throws)" : ", as that of any other status")."],
                         access: access, modifiers: "", parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")],
                         throwing: true, body: [fromDecoder]),
        ]
        declarations.append(.enumeration(SwiftEnum(doc: ["The error bodies of \(summary), by the failing status (`failure.errorBody(as:)`)."],
                                                   access: access, name: enumName, conformances: ["StatusErrorBody"], cases: cases,
                                                   members: members)))
        return declarations
    }

    /// The expression that decodes `payload` (named `name`) from `body`.
    private func decoded(_ payload: ModelPayload, as name: String) -> String {
        switch payload {
        case .empty: "EmptyResponse()"
        case .single(let type) where type == .scalar(.file) || type == .scalar(.blob): "body"
        default: "try decoder.decode(\(name).self, from: body, headers: headers)"
        }
    }
}
