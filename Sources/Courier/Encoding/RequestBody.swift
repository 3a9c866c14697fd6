import CourierHTTP
/// A request body before encoding: which format, and the value to encode.
///
/// Built-in formats are ordinary `RequestBodyEncoder` conformances (`.json`, `.form`, `.multipart`, `.data`,
/// `.file`); plug in your own format (XML, protobuf, …) with `RequestBody(_:)`.
public struct RequestBody: Sendable {
    /// The encoder that produces the wire body.
    public let encoder: any RequestBodyEncoder

    /// Creates a body encoded by `encoder`.
    public init(_ encoder: any RequestBodyEncoder) {
        self.encoder = encoder
    }

    /// Encodes the body for the wire.
    public func encoded() throws -> EncodedBody {
        try encoder.encodeBody()
    }
}

/// A body format: turns a value into bytes (or a streamed source) and a content type.
public protocol RequestBodyEncoder: Sendable {
    /// Encodes the body. Throw to fail the request with `NetworkError.encoding`.
    func encodeBody() throws -> EncodedBody
}

/// An encoded request body and its content type.
public struct EncodedBody: Sendable {
    /// The `Content-Type` header value, or `nil` to send none.
    public var contentType: String?
    /// The body.
    public var body: HTTPBody

    /// Creates an encoded body.
    public init(contentType: String?, body: HTTPBody) {
        self.contentType = contentType
        self.body = body
    }
}
