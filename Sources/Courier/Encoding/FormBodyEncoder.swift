import CourierHTTP
import Foundation

/// Encodes a value as an `application/x-www-form-urlencoded` body with `URLQueryEncoder` (same rules as
/// queries; spaces as `+`). Use it through `RequestBody.form(_:encoder:)`.
package struct FormBodyEncoder<Value: Encodable & Sendable>: RequestBodyEncoder {
    /// The value to encode.
    package var value: Value
    /// The encoder used.
    package var encoder: URLQueryEncoder

    /// Creates a form body encoder.
    package init(_ value: Value, encoder: URLQueryEncoder = URLQueryEncoder()) {
        self.value = value
        self.encoder = encoder
    }

    /// Encodes the value; a failure becomes `NetworkError.encoding` with the coding path.
    package func encodeBody() throws -> EncodedBody {
        do {
            return EncodedBody(contentType: "application/x-www-form-urlencoded", body: .data(try encoder.encodeFormBody(value)))
        } catch {
            throw NetworkError.encoding(EncodingFailure(error, part: .body))
        }
    }
}
