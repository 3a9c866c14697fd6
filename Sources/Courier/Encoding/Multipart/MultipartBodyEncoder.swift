/// Encodes a `MultipartFormData` as a request body. Use it through `RequestBody.multipart(_:)`.
public struct MultipartBodyEncoder: RequestBodyEncoder {
    /// The form.
    public var form: MultipartFormData

    /// Creates the encoder.
    public init(_ form: MultipartFormData) {
        self.form = form
    }

    /// Encodes the form; see `MultipartFormData.encoded()`.
    public func encodeBody() throws -> EncodedBody {
        try form.encoded()
    }
}
