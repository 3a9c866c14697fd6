extension DecodingFailure {
    /// Describes a `DecodingError` with its coding path (`items[3].userId`).
    init(_ error: DecodingError, typeName: String) {
        let context: DecodingError.Context?
        let message: String
        switch error {
        case .typeMismatch(let type, let ctx):
            context = ctx
            message = "expected \(type): \(ctx.debugDescription)"
        case .valueNotFound(let type, let ctx):
            context = ctx
            message = "missing \(type) value: \(ctx.debugDescription)"
        case .keyNotFound(let key, let ctx):
            context = DecodingError.Context(codingPath: ctx.codingPath + [key], debugDescription: ctx.debugDescription)
            message = "missing key '\(key.stringValue)'"
        case .dataCorrupted(let ctx):
            context = ctx
            message = ctx.debugDescription
        @unknown default:
            context = nil
            message = "\(error)"
        }
        var path = ""
        for key in context?.codingPath ?? [] {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        self.init(typeName: typeName, codingPath: path, message: message)
    }
}
