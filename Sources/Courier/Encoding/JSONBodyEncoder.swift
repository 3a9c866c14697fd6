import Foundation

/// Encodes a value as a JSON body (`Content-Type: application/json`). Use it through `RequestBody.json(_:encoder:)`.
public struct JSONBodyEncoder<Value: Encodable & Sendable>: RequestBodyEncoder {
    /// The value to encode.
    public var value: Value
    /// The encoder used.
    public var encoder: JSONEncoder

    /// Creates a JSON body encoder; the default encoder is `RequestBody.defaultJSONEncoder`.
    public init(_ value: Value, encoder: JSONEncoder = RequestBody.defaultJSONEncoder) {
        self.value = value
        self.encoder = encoder
    }

    /// Encodes the value; a failure becomes `NetworkError.encoding` with the coding path.
    public func encodeBody() throws -> EncodedBody {
        do {
            return EncodedBody(contentType: "application/json", body: .data(try encoder.encode(value)))
        } catch {
            throw NetworkError.encoding(EncodingFailure(error, part: .body))
        }
    }
}
