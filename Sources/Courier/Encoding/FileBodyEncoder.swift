import CourierHTTP
import Foundation

/// Streams a file from disk as the body (never read whole into memory). Use it through
/// `RequestBody.file(_:contentType:)`.
package struct FileBodyEncoder: RequestBodyEncoder {
    /// The file.
    package var url: URL
    /// The `Content-Type` value.
    package var contentType: String

    /// Creates a file body.
    package init(_ url: URL, contentType: String) {
        self.url = url
        self.contentType = contentType
    }

    /// Checks that the file exists and is a readable regular file, and returns it as an `HTTPBody.file`.
    ///
    /// - Throws: `NetworkError.encoding` when the file is missing, a directory, or unreadable.
    package func encodeBody() throws -> EncodedBody {
        guard url.isFileURL else {
            throw NetworkError.encoding(EncodingFailure(part: .body, message: "'\(url)' is not a file URL"))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw NetworkError.encoding(EncodingFailure(part: .body, message: "no file at '\(url.path)'"))
        }
        guard !isDirectory.boolValue else {
            throw NetworkError.encoding(EncodingFailure(part: .body, message: "'\(url.path)' is a directory"))
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw NetworkError.encoding(EncodingFailure(part: .body, message: "'\(url.path)' is not readable"))
        }
        return EncodedBody(contentType: contentType, body: .file(url))
    }
}
