/// How far an upload or download has come: one value of a transfer task's `progress` sequence, to drive a
/// progress bar.
///
/// ```swift
/// for await progress in task.progress {
///     print(progress.fractionCompleted.map { "\(Int($0 * 100)) %" } ?? "\(progress.completedBytes) bytes")
/// }
/// ```
public struct TransferProgress: Sendable, Hashable, CustomStringConvertible {
    /// Bytes sent (uploads) or received (downloads) so far.
    public var completedBytes: Int64
    /// The expected total, when the length is known (`Content-Length`); `nil` for a transfer of unknown length
    /// (a chunked response), where only a byte count (or a spinner) can be shown.
    public var totalBytes: Int64?

    /// Creates a progress value; a negative total (URLSession's "unknown") becomes `nil`.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// `completedBytes / totalBytes`, clamped to `0...1` (a server may send more than it announced), or `nil`
    /// when the total is unknown; `1` for an empty transfer.
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return min(1, max(0, Double(completedBytes) / Double(totalBytes)))
    }

    /// `1024/4096 bytes`, or `1024 bytes` when the total is unknown: for logs.
    public var description: String {
        totalBytes.map { "\(completedBytes)/\($0) bytes" } ?? "\(completedBytes) bytes"
    }
}
