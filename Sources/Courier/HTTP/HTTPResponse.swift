import Foundation

/// A response as the transport delivers it and the interceptor chain passes it back.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var statusCode: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes (empty for 204 and `HEAD`; for downloads, the body is in `fileURL` instead).
    public var body: Data
    /// Where a download's body was stored, if this response is a download.
    public var fileURL: URL?
    /// The URL that answered (after redirects).
    public var url: URL?

    /// Creates a response.
    public init(statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data(), fileURL: URL? = nil, url: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.fileURL = fileURL
        self.url = url
    }
}
