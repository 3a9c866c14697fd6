import Foundation

/// The server's stop flag and the count of running worker threads. Sleeping workers wake up at once when the
/// server stops, and `shutdown` can wait for every worker to finish.
final class Lifecycle: @unchecked Sendable {
    // Safe: `stopped` and `workers` are only read or written while `condition` is locked.
    private let condition = NSCondition()
    private var stopped = false
    private var workers = 0

    var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    /// Sets the stop flag and wakes every sleeper. Returns false if it was already set.
    func stop() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if stopped { return false }
        stopped = true
        condition.broadcast()
        return true
    }

    /// Sleeps for `seconds` unless the server stops first. Returns false if it stopped.
    func sleep(seconds: Double) -> Bool {
        guard seconds > 0 else { return !isStopped }
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            if !condition.wait(until: deadline) { return !stopped }
        }
        return false
    }

    func workerStarted() {
        condition.lock()
        workers += 1
        condition.unlock()
    }

    func workerFinished() {
        condition.lock()
        workers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every worker has finished, for at most `seconds`. Returns true if they all did.
    @discardableResult
    func waitForWorkers(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while workers > 0 {
            if !condition.wait(until: deadline) { return workers == 0 }
        }
        return true
    }
}
