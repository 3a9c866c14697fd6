import CourierHTTP
import Foundation

/// A running upload or download: its progress as an `AsyncSequence`, and its final value.
///
/// The transfer starts at once. `progress` ends when the transfer does; `value` waits for the result.
/// Cancelling the task awaiting `value`, or calling `cancel()`, cancels the transfer with
/// `NetworkError.cancelled`.
///
/// ```swift
/// let task = client.download(GetReport(id: 3), to: fileURL)
/// for await progress in task.progress { print(progress) }
/// let response = try await task.value    // Response<URL>
/// ```
public struct TransferTask<Value: Sendable>: Sendable {
    /// Progress events, newest last; the sequence finishes when the transfer ends. If nobody reads it, only
    /// the newest 256 events are kept, so an unread sequence costs bounded memory and never slows the
    /// transfer.
    public let progress: AsyncStream<TransferProgress>
    private let task: Task<Value, any Error>

    /// Starts `operation`, handing it a function that publishes progress.
    package init(_ operation: @escaping @Sendable (_ report: @escaping @Sendable (TransferProgress) -> Void) async throws -> Value) {
        let (stream, continuation) = AsyncStream.makeStream(of: TransferProgress.self, bufferingPolicy: .bufferingNewest(256))
        self.progress = stream
        self.task = Task {
            defer { continuation.finish() }
            return try await operation { continuation.yield($0) }
        }
    }

    /// The result of the transfer; await it even when only `progress` is shown, to learn whether the
    /// transfer succeeded. Throws `NetworkError` (`.cancelled` when cancelled); several readers may await it
    /// and get the same result, but cancelling any of them cancels the transfer for all.
    public var value: Value {
        get async throws {
            let task = self.task
            do {
                return try await withTaskCancellationHandler {
                    try await task.value
                } onCancel: {
                    task.cancel()
                }
            } catch is CancellationError {
                throw NetworkError.cancelled
            }
        }
    }

    /// Cancels the transfer, for a caller that only watches `progress` (a cancel button) and holds no task
    /// awaiting `value`.
    public func cancel() {
        task.cancel()
    }
}
