import CourierHTTP
/// A request body before encoding: which format, and the value to encode.
///
/// Encoding waits until the request is built, so an endpoint stays a cheap value and an encoding failure is
/// reported by the call that sends it, as `NetworkError.encoding`.
///
/// Built-in formats are ordinary `RequestBodyEncoder` conformances (`.json`, `.form`, `.multipart`, `.data`,
/// `.file`); plug in your own format (XML, protobuf, …) with `RequestBody(_:)`.
public struct RequestBody: Sendable {
    /// The encoder that produces the wire body.
    package let encoder: any RequestBodyEncoder

    /// Creates a body encoded by `encoder`: the way to plug in a format of your own (XML, protobuf, …); it is
    /// encoded when the request is built, so an encoding error fails that request with `NetworkError.encoding`.
    public init(_ encoder: any RequestBodyEncoder) {
        self.encoder = encoder
    }

    /// Encodes the body for the wire.
    package func encoded() throws -> EncodedBody {
        try encoder.encodeBody()
    }
}

/// A body format: turns a value into bytes (or a streamed source) and a content type. Conform to it for a
/// format Courier has no shortcut for, and wrap it with `RequestBody(_:)`.
public protocol RequestBodyEncoder: Sendable {
    /// Encodes the body. Throw to fail the request with `NetworkError.encoding` (a `NetworkError` thrown here
    /// is passed on as it is). Called once per call, before any interceptor runs; retries resend the result.
    func encodeBody() throws -> EncodedBody
}

/// An encoded request body and its content type: what a `RequestBodyEncoder` returns, kept together so
/// the `Content-Type` header always matches the bytes.
public struct EncodedBody: Sendable {
    /// The `Content-Type` header value, or `nil` to send none.
    package var contentType: String?
    /// The body.
    package var body: HTTPBody

    /// Creates an encoded body: what a custom `RequestBodyEncoder` returns (`body` may be a replayable
    /// stream, so large bodies need not be in memory). A `nil` content type sends no `Content-Type`, leaving
    /// any default header field to apply.
    public init(contentType: String?, body: HTTPBody) {
        self.contentType = contentType
        self.body = body
    }
}
