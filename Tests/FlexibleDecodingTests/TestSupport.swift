import Foundation
import Testing
@testable import FlexibleDecoding

/// Decodes `json` with a `FlexibleJSONDecoder` (default flexible settings unless configured).
func flexible<T: Decodable>(_ type: T.Type, _ json: String, configure: (inout FlexibleJSONDecoder) -> Void = { _ in }) throws -> T {
    var decoder = FlexibleJSONDecoder()
    configure(&decoder)
    return try decoder.decode(T.self, from: Data(json.utf8))
}

/// Decodes `json` with Foundation's `JSONDecoder`.
func foundation<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

/// The kind of a `DecodingError`, for table-driven expectations.
enum ErrorKind: String, Sendable, CustomStringConvertible {
    case typeMismatch, valueNotFound, keyNotFound, dataCorrupted, other
    var description: String { rawValue }
}

/// The kind and coding path (as strings) of an error.
func classify(_ error: any Error) -> (kind: ErrorKind, path: [String]) {
    guard let decodingError = error as? DecodingError else { return (.other, []) }
    switch decodingError {
    case .typeMismatch(_, let context): return (.typeMismatch, context.codingPath.map(\.stringValue))
    case .valueNotFound(_, let context): return (.valueNotFound, context.codingPath.map(\.stringValue))
    case .keyNotFound(_, let context): return (.keyNotFound, context.codingPath.map(\.stringValue))
    case .dataCorrupted(let context): return (.dataCorrupted, context.codingPath.map(\.stringValue))
    @unknown default: return (.other, [])
    }
}

/// Runs `body`, which must throw a `DecodingError`, and returns its kind and path.
func decodingFailure(_ body: () throws -> Void) -> (kind: ErrorKind, path: [String])? {
    do {
        try body()
        return nil
    } catch {
        return classify(error)
    }
}

/// A single-field wrapper used to decode one value under a key.
struct Box<Value: Decodable>: Decodable {
    let value: Value
}

/// A single optional field.
struct OptionalBox<Value: Decodable>: Decodable {
    let value: Value?
}
