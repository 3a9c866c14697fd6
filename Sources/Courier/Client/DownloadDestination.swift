import CourierHTTP
import Foundation

/// Where a download's body is staged and how it replaces the destination.
enum DownloadDestination {
    /// Fails with a `.fileSystem` transport failure when `destination` is an existing directory.
    static func checkWritable(_ destination: URL) throws(NetworkError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw NetworkError.transport(TransportFailure(
                kind: .fileSystem, message: "the download destination \(destination.path) is a directory"))
        }
    }

    /// A hidden file beside `destination` (same directory, so the final move is a rename, not a copy).
    static func stagingFile(for destination: URL) -> URL {
        destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
    }

    /// Moves `file` to `destination`, atomically replacing a file already there.
    static func install(_ file: URL, at destination: URL) throws {
        guard file.standardizedFileURL != destination.standardizedFileURL else { return }
        try checkWritable(destination)
        if rename(file.path, destination.path) != 0 {
            let reason = String(cString: strerror(errno))
            throw NetworkError.transport(TransportFailure(
                kind: .fileSystem, message: "cannot move the download to \(destination.path): \(reason)"))
        }
    }
}
