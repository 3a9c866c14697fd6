import CourierHTTP
import Foundation

/// Encodes a value as a JSON body (`Content-Type: application/json`). Use it through `RequestBody.json(_:encoder:)`.
package struct JSONBodyEncoder<Value: Encodable & Sendable>: RequestBodyEncoder {
    /// The value to encode.
    package var value: Value
    /// The encoder used.
    package var encoder: JSONEncoder

    /// Creates a JSON body encoder; the default encoder is `RequestBody.defaultJSONEncoder`.
    package init(_ value: Value, encoder: JSONEncoder = RequestBody.defaultJSONEncoder) {
        self.value = value
        self.encoder = encoder
    }

    /// Encodes the value; a failure becomes `NetworkError.encoding` with the coding path.
    package func encodeBody() throws -> EncodedBody {
        do {
            return EncodedBody(contentType: "application/json", body: .data(try encoder.encode(value)))
        } catch {
            throw NetworkError.encoding(EncodingFailure(error, part: .body))
        }
    }
}
