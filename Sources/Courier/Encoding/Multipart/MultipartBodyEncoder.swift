/// Encodes a `MultipartFormData` as a request body: what `RequestBody.multipart(_:)` holds.
struct MultipartBodyEncoder: RequestBodyEncoder {
    /// The form.
    var form: MultipartFormData

    /// Creates the encoder.
    init(_ form: MultipartFormData) {
        self.form = form
    }

    /// Encodes the form; see `MultipartFormData.encoded()`.
    func encodeBody() throws -> EncodedBody {
        try form.encoded()
    }
}
