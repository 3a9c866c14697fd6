/// Why a `CookieJar` could not read or write its file; thrown by `init(persistingTo:)` and kept in
/// `persistenceError`, so a broken file is never silently replaced.
public enum CookieJarError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but is not a cookie file Courier wrote (truncated, corrupt, or another format). The jar
    /// is not created, so the file is never overwritten with less than it held: move or delete it to start
    /// afresh.
    case corruptFile(path: String, reason: String)
    /// The file could not be read (permissions, a directory in its place, …).
    case unreadableFile(path: String, reason: String)
    /// A change could not be written; the jar keeps it in memory and tries again with the next change.
    case writeFailed(path: String, reason: String)

    /// What went wrong, with the path, so a log line says which file to look at.
    public var description: String {
        switch self {
        case .corruptFile(let path, let reason): "The cookie file \(path) is corrupt: \(reason)"
        case .unreadableFile(let path, let reason): "The cookie file \(path) cannot be read: \(reason)"
        case .writeFailed(let path, let reason): "The cookie file \(path) cannot be written: \(reason)"
        }
    }
}
