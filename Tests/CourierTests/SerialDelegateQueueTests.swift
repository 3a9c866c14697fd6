@testable import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)

/// `SerialDelegateQueue`: URLSession's delegate callbacks run one at a time and in the order they were added.
@Suite struct SerialDelegateQueueTests {
    @Test func blocksRunInOrderOneAtATime() async {
        let queue = SerialDelegateQueue(label: "test")
        let log = LockedState<(order: [Int], running: Int, overlapped: Bool)>(([], 0, false))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for index in 0..<2_000 {
                queue.addOperation {
                    log.withLock { state in
                        state.running += 1
                        if state.running > 1 { state.overlapped = true }
                    }
                    log.withLock { state in
                        state.order.append(index)
                        state.running -= 1
                    }
                }
            }
            queue.addOperation { done.resume() }
        }
        let state = log.withLock { $0 }
        #expect(state.order == Array(0..<2_000))
        #expect(!state.overlapped)
    }

    @Test func operationsAndBarriersShareTheSameOrder() async {
        let queue = SerialDelegateQueue(label: "test")
        let order = LockedState<[String]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.addOperation { order.withLock { $0.append("block") } }
            queue.addOperation(BlockOperation { order.withLock { $0.append("operation") } })
            queue.addBarrierBlock { order.withLock { $0.append("barrier") } }
            queue.addOperation { done.resume() }
        }
        #expect(order.withLock { $0 } == ["block", "operation", "barrier"])
    }
}

/// `SerialDelegateQueue`'s back-pressure: a full queue makes the adding thread wait, boundedly, and never itself.
@Suite struct SerialDelegateQueueBackPressureTests {
    /// Adds `block` from a new thread; `added` is signalled once `addOperation` has returned.
    func addFromAnotherThread(_ queue: SerialDelegateQueue, added: DispatchSemaphore, _ block: @escaping @Sendable () -> Void) {
        Thread { queue.addOperation(block); added.signal() }.start()
    }

    /// Waits for `semaphore` on a thread of its own, keeping the test's cooperative thread free meanwhile.
    func wait(for semaphore: DispatchSemaphore, upTo timeout: DispatchTimeInterval) async -> DispatchTimeoutResult {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: semaphore.wait(timeout: .now() + timeout)) }.start()
        }
    }

    /// The adding thread's wait is bounded by an hour here, and the waits for events by 15 minutes: only
    /// hangs end them. (With a 30 s bound, a loaded machine that kept this test's task unscheduled for 30 s
    /// let the add return on its bound before the first callback finished.)
    @Test func aFullQueueMakesTheAddingThreadWait() async {
        let queue = SerialDelegateQueue(label: "test", capacity: 1, maximumWait: .seconds(3_600))
        let release = DispatchSemaphore(value: 0)
        let firstDone = LockedState(false)
        queue.addOperation { release.wait(); firstDone.withLock { $0 = true } }
        let added = DispatchSemaphore(value: 0)
        addFromAnotherThread(queue, added: added) {}
        // The one slot is taken by the blocked callback: the second add cannot return yet.
        #expect(await wait(for: added, upTo: .milliseconds(300)) == .timedOut)
        release.signal()
        #expect(await wait(for: added, upTo: .seconds(900)) == .success)
        #expect(firstDone.withLock { $0 })
    }

    @Test func theWaitIsBounded() async {
        let queue = SerialDelegateQueue(label: "test", capacity: 1, maximumWait: .milliseconds(50))
        let release = DispatchSemaphore(value: 0)
        queue.addOperation { release.wait() }
        let added = DispatchSemaphore(value: 0)
        let secondRan = DispatchSemaphore(value: 0)
        addFromAnotherThread(queue, added: added) { secondRan.signal() }
        // Still blocked, yet the add returns after the bounded wait; the callback runs once the queue moves.
        #expect(await wait(for: added, upTo: .seconds(900)) == .success)
        release.signal()
        #expect(await wait(for: secondRan, upTo: .seconds(900)) == .success)
    }

    @Test func aCallbackAddingToItsOwnFullQueueDoesNotDeadlock() async {
        // An hour's bound: a callback that waited for its own queue would hang here until the 15-minute guard.
        let queue = SerialDelegateQueue(label: "test", capacity: 1, maximumWait: .seconds(3_600))
        let nestedRan = DispatchSemaphore(value: 0)
        queue.addOperation { queue.addOperation { nestedRan.signal() } }
        #expect(await wait(for: nestedRan, upTo: .seconds(900)) == .success)
    }
}
#endif
