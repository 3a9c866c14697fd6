import Foundation

/// A thread of its own that runs a disk cache's file operations one at a time, so that blocking file I/O never
/// runs on the cooperative thread pool (on Linux its threads are Dispatch's global ones).
///
/// Jobs run in the order they were submitted; because every read, write and delete of one directory goes
/// through one worker, they never race each other. The thread ends after `stop()`, once the queued jobs ran.
final class CacheFileWorker: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var stopped = false
    }

    private let condition = NSCondition()
    /// Guarded by `condition` (its lock); `LockedState` is not used so that waiting and signalling share one lock.
    private let box = Box()

    /// Holds the state for the thread and the submitters.
    ///
    /// `@unchecked Sendable` is safe: `state` is read and written only while `condition` is locked.
    private final class Box: @unchecked Sendable {
        var state = State()
    }

    /// Starts the thread.
    init(name: String) {
        let box = self.box
        let condition = self.condition
        let thread = Thread {
            while true {
                condition.lock()
                while box.state.jobs.isEmpty && !box.state.stopped { condition.wait() }
                if box.state.jobs.isEmpty {
                    condition.unlock()
                    return
                }
                let job = box.state.jobs.removeFirst()
                condition.unlock()
                job()
            }
        }
        thread.name = name
        thread.start()
    }

    /// Runs `body` on the worker's thread and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            submit { continuation.resume(returning: body()) }
        }
    }

    /// Queues `job` without waiting for it.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        box.state.jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once the jobs queued so far have run.
    func stop() {
        condition.lock()
        box.state.stopped = true
        condition.signal()
        condition.unlock()
    }
}
