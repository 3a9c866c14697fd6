import Foundation

/// Writes a persisted `CookieJar`'s snapshots to its file on a `Thread` of its own, so the jar's callers (the
/// interceptor, on the cooperative thread pool) never wait for the disk. Only the latest pending snapshot is
/// written; they are written in the order they were submitted.
///
/// `@unchecked Sendable` is safe because every stored property but the immutable `file` is guarded by `condition`.
final class CookieFileWriter: @unchecked Sendable {
    private let file: URL
    private let condition = NSCondition()
    private var pending: [CookieStore.Entry]?
    private var submitted: UInt64 = 0
    private var written: UInt64 = 0
    private var stopped = false
    private var lastError: CookieJarError?
    private var waiters: [(generation: UInt64, continuation: CheckedContinuation<Void, Never>)] = []

    /// Starts the writer thread for `file`.
    init(file: URL) {
        self.file = file
        let thread = Thread { [self] in run() }
        thread.name = "Courier cookie file writer"
        thread.start()
    }

    /// The error of the last write, `nil` once a write succeeds.
    var error: CookieJarError? { condition.withLock { lastError } }

    /// Queues `entries` to be written, replacing a snapshot not yet written.
    func submit(_ entries: [CookieStore.Entry]) {
        condition.withLock {
            pending = entries
            submitted += 1
            condition.signal()
        }
    }

    /// Returns once every snapshot submitted so far is on disk (or failed).
    func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = condition.withLock {
                if written >= submitted { return true }
                waiters.append((submitted, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Writes what is pending, then ends the thread.
    func stop() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
    }

    private func run() {
        while true {
            condition.lock()
            while pending == nil && !stopped { condition.wait() }
            guard let snapshot = pending else {
                condition.unlock()
                return
            }
            pending = nil
            let generation = submitted
            condition.unlock()

            var failure: CookieJarError?
            do { try CookieFile.write(snapshot, to: file) } catch { failure = error }

            let resumed = condition.withLock {
                written = generation
                lastError = failure
                let ready = waiters.filter { $0.generation <= generation }
                waiters.removeAll { $0.generation <= generation }
                return ready
            }
            for waiter in resumed { waiter.continuation.resume() }
        }
    }
}
