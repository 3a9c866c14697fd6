import Foundation
import Testing
@testable import TestSupport

/// A `.loopback` case's hang limit counts its own run, not its wait for a slot: the case queued behind slow ones
/// passes however long it queued, and a case that hangs in its slot still fails and gives the slot back. The
/// limit's clock is a `StepClock` the tests advance themselves, so nothing here waits for time to pass.
@Suite struct LoopbackBudgetTests {
    @Test func aCaseQueuedForASlotPastItsHangLimitDoesNotFail() async throws {
        let slots = LoopbackSlots(count: 1)
        let clock = StepClock()
        await slots.acquire()
        let queued = Task {
            try await slots.run(hangLimit: .seconds(60), clock: clock) {}
        }
        await slots.untilWaiting(1)
        clock.advance(by: .seconds(61))  // the limit passes while the case waits for the slot the test holds
        await slots.release()
        try await queued.value
        #expect(await slots.free == 1)
    }

    @Test func aCaseThatHangsInItsSlotFailsAndFreesTheSlot() async throws {
        let slots = LoopbackSlots(count: 1)
        let clock = StepClock()
        let (started, start) = AsyncStream<Void>.makeStream()
        let hung = Task {
            try await slots.run(hangLimit: .seconds(60), clock: clock) {
                start.yield()
                try await clock.sleep(for: .seconds(3600))  // a hang: the clock never gets this far
            }
        }
        for await _ in started { break }
        clock.advance(by: .seconds(61))
        await #expect(throws: HangLimit.Exceeded.self) { try await hung.value }
        #expect(await slots.free == 1)
    }
}

/// A clock that moves only when the test calls `advance(by:)`, waking the sleepers whose deadline it reaches.
private final class StepClock: Clock, @unchecked Sendable {
    // @unchecked Sendable: `current`, `sleepers` and `nextID` are read and written only while holding `lock`.
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
        func duration(to other: Self) -> Duration { other.offset - offset }
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Int: (deadline: Instant, continuation: CheckedContinuation<Void, any Error>)] = [:]
    private var nextID = 0

    var now: Instant { locked { current } }
    var minimumResolution: Duration { .zero }

    func advance(by duration: Duration) {
        let due = locked {
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.value.deadline <= current }
            for id in due.keys { sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = locked { nextID += 1; return nextID }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let result: Result<Void, any Error>? = locked {
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if current >= deadline { return .success(()) }
                    sleepers[id] = (deadline, continuation)
                    return nil
                }
                if let result { continuation.resume(with: result) }
            }
        } onCancel: {
            locked { sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
