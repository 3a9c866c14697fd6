/// A scalar conversion failure inside `JSONTreeDecoder`, before the coding path is attached. Thrown with
/// typed throws so the hot path never boxes an error; containers turn it into a `DecodingError`.
enum ScalarFailure: Error {
    case typeMismatch(String)
    case valueNotFound(String)
    case dataCorrupted(String)

    /// The `DecodingError` for decoding `type` at `codingPath`.
    func decodingError(_ type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        switch self {
        case .typeMismatch(let description):
            return .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: description))
        case .valueNotFound(let description):
            return .valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: description))
        case .dataCorrupted(let description):
            return .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
        }
    }
}
