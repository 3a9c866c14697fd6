import Foundation

/// Sends bytes as they are, with the given content type. Use it through `RequestBody.data(_:contentType:)`.
package struct DataBodyEncoder: RequestBodyEncoder {
    /// The bytes.
    package var data: Data
    /// The `Content-Type` value.
    package var contentType: String

    /// Creates a raw body.
    package init(_ data: Data, contentType: String) {
        self.data = data
        self.contentType = contentType
    }

    /// Returns the bytes unchanged.
    package func encodeBody() throws -> EncodedBody {
        EncodedBody(contentType: contentType, body: .data(data))
    }
}
