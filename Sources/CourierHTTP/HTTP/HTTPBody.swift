import Foundation

/// A request body on its way to the wire: bytes in memory, a file streamed from disk, or a source produced in
/// chunks (multipart with file parts). Every case can be replayed (a retry re-opens the source).
public enum HTTPBody: Sendable {
    /// Bytes held in memory: the usual encoded JSON or form body; sent with a `Content-Length`.
    case data(Data)
    /// A file on disk, streamed by the transport (never read whole into memory): for uploads too big to hold.
    /// An unreadable file fails with `TransportFailure.Kind.fileSystem`.
    case file(URL)
    /// A body produced in chunks on demand, for content assembled while sending (multipart with file parts);
    /// without a known length it goes out without `Content-Length` (chunked over HTTP/1.1).
    case stream(any BodySource)

    /// The body's length in bytes when known without producing it (a file's size is read from disk), which lets
    /// the transport send `Content-Length` instead of chunked encoding; `nil` when unknown.
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
///
/// Conform to it to stream a body produced on demand; being replayable is what lets a retry or a 307/308
/// redirect send the body again whole.
public protocol BodySource: Sendable {
    /// The total length in bytes, when known in advance (lets the transport send `Content-Length`).
    var contentLength: Int64? { get }

    /// Opens a fresh reader positioned at the first byte; called once per attempt.
    ///
    /// - Throws: Any error, which fails the request over every transport alike: a `NetworkError` as it is;
    ///   another error becomes `.encoding` (part `.body`, the message `cannot open the body: …`). The reader's
    ///   `read(maxLength:)` errors are reported the same way (`cannot read the body: …`).
    func makeReader() throws -> any BodyReader
}

/// Reads a body in chunks; used by one task at a time, so it needs no locking of its own.
public protocol BodyReader: AnyObject {
    /// The next chunk (at most `maxLength` bytes, never empty), or `nil` at the end. The transport asks for what
    /// it can send next, so only one chunk is in memory at a time.
    func read(maxLength: Int) throws -> Data?

    /// Releases the reader's resources (open files). Idempotent, so a transport may call it on every path that
    /// ends a read (end, failure, cancellation) without tracking whether it already did.
    func close()
}
