import Foundation

/// Turns a response into the endpoint's `APIResponse`: one conformance per response format.
///
/// Built-ins: `JSONResponseDecoder` (tolerant JSON, the client's default), `StrictJSONResponseDecoder`
/// (Foundation's `JSONDecoder`), `TextResponseDecoder` (`String`), `DataResponseDecoder` (raw `Data`). Every
/// built-in returns `EmptyResponse` without reading the body. Choose one per endpoint with
/// `APIDefinition.responseDecoder`.
///
/// ```swift
/// struct CSVDecoder: ResponseDecoder {
///     func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T { … }
/// }
/// ```
public protocol ResponseDecoder: Sendable {
    /// Decodes `type` from `response`. Throw `NetworkError.decoding` (with the coding path) on failure.
    func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T
}

extension ResponseDecoder {
    /// Returns `EmptyResponse()` when `type` is `EmptyResponse`, so no built-in reads an ignored body.
    static func emptyResponse<T>(as type: T.Type) -> T? {
        type == EmptyResponse.self ? EmptyResponse() as? T : nil
    }

    /// Runs `decode` for `type` the way every built-in does: `EmptyResponse` without reading the body, and
    /// any error mapped to `NetworkError.decoding` (with the coding path).
    static func decodeBody<T>(_ type: T.Type, with decode: () throws -> T) throws -> T {
        if let empty = emptyResponse(as: type) { return empty }
        do {
            return try decode()
        } catch {
            throw decodingError(error, decoding: type)
        }
    }

    /// Maps any error thrown while decoding `type` to `NetworkError.decoding`.
    static func decodingError(_ error: any Error, decoding type: Any.Type) -> NetworkError {
        if let error = error as? NetworkError { return error }
        return .decoding(DecodingFailure(error, decoding: type))
    }
}
