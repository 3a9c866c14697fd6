import URLQueryCoding

extension Array where Element == any CodingKey {
    /// The coding path as a reader writes it: keys joined by dots, array indices in brackets —
    /// `items[3].userId`. Empty for the top level.
    ///
    /// What every Courier failure prints, instead of Swift's list of `CodingKey` values, so the failing field
    /// can be found in the JSON by eye.
    public var codingPathDescription: String {
        var result = ""
        for key in self {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == String(index) {
                result += "[\(index)]"
            } else {
                if !result.isEmpty { result += "." }
                result += key.stringValue
            }
        }
        return result
    }
}

extension DecodingFailure {
    /// Describes `error` (usually a Swift `DecodingError`) met while decoding `type`, with its coding path
    /// rendered like `items[3].userId`: what a custom `ResponseDecoder` uses to fail the way the
    /// client's decoders do.
    ///
    /// ```swift
    /// catch { throw NetworkError.decoding(DecodingFailure(error, decoding: User.self)) }
    /// ```
    public init(_ error: any Error, decoding type: Any.Type) {
        let typeName = String(describing: type)
        guard let decodingError = error as? DecodingError else {
            self.init(typeName: typeName, codingPath: "", message: String(describing: error))
            return
        }
        switch decodingError {
        case .typeMismatch(let expected, let context):
            self.init(
                typeName: typeName, codingPath: context.codingPath.codingPathDescription,
                message: "type mismatch: expected \(expected): \(context.fullDebugDescription)"
            )
        case .valueNotFound(let expected, let context):
            self.init(
                typeName: typeName, codingPath: context.codingPath.codingPathDescription,
                message: "value not found: expected \(expected): \(context.fullDebugDescription)"
            )
        case .keyNotFound(let key, let context):
            self.init(
                typeName: typeName, codingPath: (context.codingPath + [key]).codingPathDescription,
                message: "key not found: \(context.fullDebugDescription)"
            )
        case .dataCorrupted(let context):
            self.init(
                typeName: typeName, codingPath: context.codingPath.codingPathDescription,
                message: "data corrupted: \(context.fullDebugDescription)"
            )
        @unknown default:
            self.init(typeName: typeName, codingPath: "", message: String(describing: decodingError))
        }
    }
}

extension EncodingFailure {
    /// Describes `error` (usually a Swift `EncodingError`) met while encoding `part`, with its coding path
    /// rendered like `filter.ids[0]`; a `URLQueryEncoder.EncodingError` keeps its own path and message.
    public init(_ error: any Error, part: Part) {
        if let queryError = error as? URLQueryEncoder.EncodingError {
            self.init(part: part, codingPath: queryError.codingPath.codingPathDescription, message: queryError.description)
            return
        }
        guard let encodingError = error as? EncodingError else {
            self.init(part: part, codingPath: "", message: String(describing: error))
            return
        }
        switch encodingError {
        case .invalidValue(let value, let context):
            self.init(
                part: part, codingPath: context.codingPath.codingPathDescription,
                message: "invalid value \(value): \(context.fullDebugDescription)"
            )
        @unknown default:
            self.init(part: part, codingPath: "", message: String(describing: encodingError))
        }
    }
}

extension DecodingError.Context {
    /// The debug description plus the underlying error's, if any.
    var fullDebugDescription: String {
        guard let underlyingError else { return debugDescription }
        return "\(debugDescription) (\(underlyingError))"
    }
}

extension EncodingError.Context {
    /// The debug description plus the underlying error's, if any.
    var fullDebugDescription: String {
        guard let underlyingError else { return debugDescription }
        return "\(debugDescription) (\(underlyingError))"
    }
}
