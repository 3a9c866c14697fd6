import Foundation

/// Path keys → URIs: `/pets/{petId}.json` → `/pets/${petId}.json`; a query in the key
/// (`/threads/{id}/runs?beta=true`, which some specs use to tell operations apart) becomes fixed query fields.
extension OpenAPITranslator {
    /// The URI of an operation, the IDL identifier of each path parameter, and the fields of the query written
    /// in the path key (a `QUERY STRING` with its value as the `DEFAULT`).
    mutating func buildURI(_ operation: OpenAPIOperation, scope: inout IdentifierScope)
        -> (uri: String, identifiers: [String: String], fixedQuery: [ImportedField]) {
        var identifiers: [String: String] = [:]
        var path = Substring(operation.path)
        var fixedQuery: [ImportedField] = []
        if let mark = path.firstIndex(of: "?") {
            fixedQuery = fixedQueryFields(path[path.index(after: mark)...], scope: &scope)
            path = path[..<mark]
        }
        if let hash = path.firstIndex(of: "#") { path = path[..<hash] }
        if !path.hasPrefix("/") {
            warn("path '\(operation.path)' does not start with '/'", at: operation.pathItem)
            path = "/" + path
        }
        var segments: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            segments.append(uriSegment(segment, identifiers: &identifiers, scope: &scope))
        }
        return ("/" + segments.joined(separator: "/"), identifiers, fixedQuery)
    }

    /// One segment: literal text escaped, `{name}` a path parameter (`$name` alone, `${name}` inside text).
    private func uriSegment(_ segment: Substring, identifiers: inout [String: String], scope: inout IdentifierScope) -> String {
        var pieces: [(isParameter: Bool, text: String)] = []
        var rest = segment
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append((false, String(rest[rest.startIndex..<open]))) }
            pieces.append((true, String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append((false, String(rest))) }
        var text = ""
        for piece in pieces {
            if piece.isParameter {
                let identifier = identifiers[piece.text] ?? scope.identifier(for: piece.text)
                identifiers[piece.text] = identifier
                text += pieces.count == 1 ? "$\(identifier)" : "${\(identifier)}"
            } else {
                text += IDLText.escapeWord(piece.text.replacingOccurrences(of: " ", with: "%20"))
            }
        }
        return text
    }

    /// `beta=true&v=2` → `QUERY STRING beta DEFAULT "true";`, … (percent-escapes decoded; the encoder writes
    /// them again).
    private func fixedQueryFields(_ query: Substring, scope: inout IdentifierScope) -> [ImportedField] {
        var fields: [ImportedField] = []
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? String(parts[1]).removingPercentEncoding ?? String(parts[1]) : ""
            guard !key.isEmpty, !fields.contains(where: { $0.key == key }) else { continue }
            fields.append(ImportedField(notes: ["openapi: fixed by the path key '?\(query)'"], placement: "QUERY", type: "STRING",
                                        name: scope.identifier(for: key), key: key, defaultValue: Naming.stringLiteral(value)))
        }
        return fields
    }
}
