import CourierHTTP

extension URLSessionTransport: ContentDecodingTransport {
    /// `gzip, deflate`: URLSession decodes both (and would ask for codings of its own otherwise).
    public var acceptedContentCodings: String? { "gzip, deflate" }
}
