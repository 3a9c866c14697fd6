#if os(Linux)  // SocketTransport is Linux only (see SocketTransport.swift)
import CourierHTTP

extension SocketTransport: ContentDecodingTransport {
    /// `gzip, deflate` when `configuration.decompressesResponses` (the default), else `nil`, which makes the
    /// client send no `Accept-Encoding` and the server send bodies uncompressed.
    public var acceptedContentCodings: String? {
        configuration.decompressesResponses ? "gzip, deflate" : nil
    }
}
#endif
