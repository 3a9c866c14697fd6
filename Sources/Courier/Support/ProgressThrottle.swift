import CourierHTTP
/// Decides which progress events are worth sending: the first, one at least every `step` bytes, and the last.
struct ProgressThrottle {
    /// Report at least this many bytes apart.
    static let step: Int64 = 128 * 1024

    private var reported: Int64 = -1
    private var seen: TransferProgress?

    /// Whether the event for `completed` of `total` bytes should be sent now (and records it).
    mutating func shouldReport(_ completed: Int64, of total: Int64?) -> Bool {
        seen = TransferProgress(completedBytes: completed, totalBytes: total)
        let isLast = total.map { completed >= $0 } ?? false
        guard reported < 0 || isLast || completed - reported >= Self.step else { return false }
        reported = completed
        return true
    }

    /// The latest event seen, if it was not sent: the final event at the end of a transfer.
    var unsentFinal: TransferProgress? {
        guard let seen, seen.completedBytes > reported else { return nil }
        return seen
    }
}
