import Foundation

/// Sends bytes as they are, with the given content type. Use it through `RequestBody.data(_:contentType:)`.
public struct DataBodyEncoder: RequestBodyEncoder {
    /// The bytes.
    public var data: Data
    /// The `Content-Type` value.
    public var contentType: String

    /// Creates a raw body.
    public init(_ data: Data, contentType: String) {
        self.data = data
        self.contentType = contentType
    }

    /// Returns the bytes unchanged.
    public func encodeBody() throws -> EncodedBody {
        EncodedBody(contentType: contentType, body: .data(data))
    }
}
