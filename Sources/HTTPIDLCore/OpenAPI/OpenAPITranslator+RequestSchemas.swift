/// Which component schemas a request sends: their `nullable` properties become `NULLABLE` fields (a client can
/// clear them with an explicit `null`); a schema only responses use keeps plain optionals.
extension OpenAPITranslator {
    /// The component schemas a request body uses, through references at any depth, by node offset.
    mutating func requestBodySchemas(_ operations: [OpenAPIOperation]) -> Set<Int> {
        var found: Set<Int> = []
        var pending: [YAMLNode] = []
        for operation in operations {
            guard let reference = operation.node["requestBody"], let body = references.dereference(reference) else { continue }
            for media in body["content"]?.entries ?? [] {
                if let schema = media.value["schema"] { pending.append(schema) }
            }
        }
        while let node = pending.popLast() {
            if let reference = node["$ref"]?.string {
                if let target = references.resolve(reference), found.insert(target.offset).inserted { pending.append(target) }
                continue
            }
            pending += node.entries.map(\.value)
            pending += node.elements
        }
        return found
    }
}
