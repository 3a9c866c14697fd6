/// A transport that decodes compressed response bodies itself, so the client may ask for them: the client's
/// default header fields (see `NetworkClient`) send `Accept-Encoding` with `acceptedContentCodings`.
///
/// A transport that does not conform never gets compressed bodies it could not read: the client only asks for
/// the codings the transport declares (unless an endpoint sets `Accept-Encoding` itself).
///
/// ```swift
/// extension MyTransport: ContentDecodingTransport {
///     var acceptedContentCodings: String? { "gzip" }
/// }
/// ```
public protocol ContentDecodingTransport: Transport {
    /// The content codings this transport decodes, as an `Accept-Encoding` value (`"gzip, deflate"`), or `nil`
    /// when it decodes none (as configured), in which case the client sends no `Accept-Encoding`.
    var acceptedContentCodings: String? { get }
}
