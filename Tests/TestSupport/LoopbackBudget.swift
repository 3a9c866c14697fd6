import Testing

/// Bounds how many loopback test cases run at once, process-wide: each holds one slot while it runs.
///
/// Swift Testing starts every test of the run at once unless told otherwise, and a loopback test costs threads and
/// descriptors — a MockWebServer thread per connection, sockets on both ends, child processes for some. Unbounded,
/// the suite peaked at 922 threads and 1,644 descriptors on two cores, which starves the tests' own deadlines on a
/// loaded machine and cannot run within macOS's default 256 descriptors. The suites that open sockets carry
/// `@Suite(.loopback)`; the rest of the suite runs beside them unbounded (it is CPU only). A case waits for its slot
/// as long as it takes; its `.hangLimit` bounds only what it does once it holds the slot (see `HangLimit`).
public struct LoopbackBudget: SuiteTrait, TestTrait, TestScoping {
    /// Test cases holding a slot at once: enough to keep two cores busy while tests wait on the network.
    public static let slots = 8

    public var isRecursive: Bool { true }

    /// Runs a test case inside a slot, under its `.hangLimit` counted from when it holds the slot; suites and whole
    /// test functions pass through (their cases take slots).
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        if test.traits.contains(where: { $0 is TimeLimitTrait }) {
            Issue.record("A .loopback test bounds its run with .hangLimit: .timeLimit also counts the wait for a slot")
        }
        try await LoopbackSlots.shared.run(hangLimit: HangLimit.limit(of: test), clock: ContinuousClock(), function)
    }
}

extension Trait where Self == LoopbackBudget {
    /// The suite's test cases run within `LoopbackBudget.slots` loopback cases at once.
    public static var loopback: Self { LoopbackBudget() }
}

/// The slots, handed to waiters first come, first served.
actor LoopbackSlots {
    static let shared = LoopbackSlots(count: LoopbackBudget.slots)
    private let count: Int
    /// Slots nobody holds.
    private(set) var free: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// Callers of `untilWaiting(_:)`, each with the number of waiters it waits for.
    private var watchers: [(waiters: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// The most slots ever held at once (for the test that checks the bound).
    private(set) var peak = 0

    init(count: Int) {
        self.count = count
        free = count
    }

    /// Runs `body` in a slot, under `hangLimit` on `clock` counted from when the slot is held.
    nonisolated func run(
        hangLimit: Duration?, clock: some Clock<Duration>, _ body: @Sendable () async throws -> Void
    ) async throws {
        await acquire()
        do {
            try await HangLimit.run(within: hangLimit, on: clock, body)
        } catch {
            await release()
            throw error
        }
        await release()
    }

    func acquire() async {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation {
                waiters.append($0)
                let ready = watchers.filter { $0.waiters <= waiters.count }
                watchers.removeAll { $0.waiters <= waiters.count }
                for watcher in ready { watcher.continuation.resume() }
            }
        }
        peak = max(peak, count - free)
    }

    func release() {
        if waiters.isEmpty { free += 1 } else { waiters.removeFirst().resume() }
    }

    /// Returns once `count` callers wait for a slot (for tests that hold every slot).
    func untilWaiting(_ count: Int) async {
        guard waiters.count < count else { return }
        await withCheckedContinuation { watchers.append((count, $0)) }
    }
}
