import Foundation

/// Encodes a value as an `application/x-www-form-urlencoded` body with `URLQueryEncoder` (same rules as
/// queries; spaces as `+`). Use it through `RequestBody.form(_:encoder:)`.
public struct FormBodyEncoder<Value: Encodable & Sendable>: RequestBodyEncoder {
    /// The value to encode.
    public var value: Value
    /// The encoder used.
    public var encoder: URLQueryEncoder

    /// Creates a form body encoder.
    public init(_ value: Value, encoder: URLQueryEncoder = URLQueryEncoder()) {
        self.value = value
        self.encoder = encoder
    }

    /// Encodes the value; a failure becomes `NetworkError.encoding` with the coding path.
    public func encodeBody() throws -> EncodedBody {
        do {
            return EncodedBody(contentType: "application/x-www-form-urlencoded", body: .data(try encoder.encodeFormBody(value)))
        } catch {
            throw NetworkError.encoding(EncodingFailure(error, part: .body))
        }
    }
}
