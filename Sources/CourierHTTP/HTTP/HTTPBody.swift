import Foundation

/// A request body on its way to the wire: bytes in memory, a file streamed from disk, or a source produced in
/// chunks (multipart with file parts). Every case can be replayed (a retry re-opens the source).
public enum HTTPBody: Sendable {
    /// Bytes held in memory.
    case data(Data)
    /// A file on disk, streamed by the transport (never read whole into memory).
    case file(URL)
    /// A body produced in chunks on demand.
    case stream(any BodySource)

    /// The body's length in bytes when known without producing it.
    public var contentLength: Int64? {
        switch self {
        case .data(let data):
            return Int64(data.count)
        case .file(let url):
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber
            return size?.int64Value
        case .stream(let source):
            return source.contentLength
        }
    }
}

/// A replayable producer of body bytes. Each `makeReader()` starts from the beginning.
public protocol BodySource: Sendable {
    /// The total length in bytes, when known in advance (lets the transport send `Content-Length`).
    var contentLength: Int64? { get }

    /// Opens a fresh reader positioned at the first byte.
    func makeReader() throws -> any BodyReader
}

/// Reads a body in chunks; used by one task at a time.
public protocol BodyReader: AnyObject {
    /// The next chunk (at most `maxLength` bytes, never empty), or `nil` at the end.
    func read(maxLength: Int) throws -> Data?

    /// Releases the reader's resources (open files). Idempotent.
    func close()
}
