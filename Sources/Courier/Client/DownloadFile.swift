import CourierHTTP
import Foundation

/// The file a download's body streams into, chunk by chunk, as the response body is read: one open handle, no
/// temporary copy, nothing held in memory beyond the chunk being written. Used by one task at a time
/// (`ResumableDownload`).
final class DownloadFile {
    let url: URL
    private let handle: FileHandle
    /// Bytes written so far.
    private(set) var writtenBytes: Int64 = 0

    /// Creates (or truncates) the file at `url`, creating missing directories; a directory there is an error.
    init(creatingAt url: URL) throws(NetworkError) {
        try DownloadDestination.checkWritable(url)
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw Self.failure("cannot create the directory for \(url.path): \(error.localizedDescription)")
        }
        guard manager.createFile(atPath: url.path, contents: nil), let handle = FileHandle(forWritingAtPath: url.path) else {
            throw Self.failure("cannot create \(url.path)")
        }
        self.url = url
        self.handle = handle
    }

    /// Appends `data` to the file.
    func write(_ data: Data) throws(NetworkError) {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw Self.failure("cannot write to \(url.path): \(error.localizedDescription)")
        }
        writtenBytes += Int64(data.count)
    }

    /// Closes the file; `keep: false` also deletes it (a failed or cancelled download leaves nothing behind).
    func close(keep: Bool) {
        try? handle.close()
        if !keep { try? FileManager.default.removeItem(at: url) }
    }

    private static func failure(_ message: String) -> NetworkError {
        .transport(TransportFailure(kind: .fileSystem, message: message))
    }

    /// Empties the file to start the body over (the server sent a new representation).
    func truncate() throws(NetworkError) {
        do {
            try handle.truncate(atOffset: 0)
        } catch {
            throw Self.failure("cannot truncate \(url.path): \(error.localizedDescription)")
        }
        writtenBytes = 0
    }
}
