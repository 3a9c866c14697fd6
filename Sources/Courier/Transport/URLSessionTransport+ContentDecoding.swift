import CourierHTTP

extension URLSessionTransport: ContentDecodingTransport {
    /// `gzip, deflate`: URLSession decodes both (and would ask for codings of its own otherwise). The client sends
    /// it as `Accept-Encoding`, so compressed responses arrive already decoded, as over `SocketTransport`.
    public var acceptedContentCodings: String? { "gzip, deflate" }
}
