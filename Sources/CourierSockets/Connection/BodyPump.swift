#if os(Linux)
import CourierHTTP
import Foundation

/// Reads a request body source off the event loop: a file or a user's `BodySource` may block (disk, a
/// slow producer), and the loop thread serves every connection. Reads run one at a time on a serial queue of
/// the pump's own, one chunk ahead of the writer.
///
/// `@unchecked Sendable` is safe: `reader` is used only on `queue` (reads and the final close, in order);
/// the rest of the state is in a `LockedState`.
final class BodyPump: @unchecked Sendable {
    private let reader: any BodyReader
    private let queue = DispatchQueue(label: "Courier body reader")
    private let chunkSize: Int
    private struct State {
        var ready: Result<Data?, any Error>?
        var reading = false
        var closed = false
        var waiter: (@Sendable () -> Void)?
    }
    private let state = LockedState(State())

    init(_ reader: any BodyReader, chunkSize: Int) {
        self.reader = reader
        self.chunkSize = chunkSize
        state.withLock { $0.reading = true }
        read()
    }

    /// The next chunk (`nil` at the end) if it has been read; otherwise `nil`, and `whenReady` runs (on the
    /// queue's thread) once it has.
    func take(whenReady: @escaping @Sendable () -> Void) -> Result<Data?, any Error>? {
        let (taken, readNext) = state.withLock { state -> (Result<Data?, any Error>?, Bool) in
            guard let ready = state.ready else {
                state.waiter = whenReady
                return (nil, false)
            }
            state.ready = nil
            // Read ahead while the writer sends this chunk.
            let more = (try? ready.get()) != nil && !state.closed
            if more { state.reading = true }
            return (ready, more)
        }
        if readNext { read() }
        return taken
    }

    /// Stops reading and closes the source (after a read in progress).
    func close() {
        state.withLock { state in
            state.closed = true
            state.waiter = nil
        }
        queue.async { [self] in reader.close() }
    }

    private func read() {
        queue.async { [self] in
            let result = Result { () throws -> Data? in
                guard let chunk = try reader.read(maxLength: chunkSize), !chunk.isEmpty else { return nil }
                return chunk
            }
            let waiter = state.withLock { state -> (@Sendable () -> Void)? in
                state.reading = false
                guard !state.closed else { return nil }
                state.ready = result
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?()
        }
    }
}
#endif
