import Testing

/// Bounds how many loopback test cases run at once, process-wide: each holds one slot while it runs.
///
/// Swift Testing starts every test of the run at once unless told otherwise, and a loopback test costs threads and
/// descriptors — a MockWebServer thread per connection, sockets on both ends, child processes for some. Unbounded,
/// the suite peaked at 922 threads and 1,644 descriptors on two cores, which starves the tests' own deadlines on a
/// loaded machine and cannot run within macOS's default 256 descriptors. The suites that open sockets carry
/// `@Suite(.loopback)`; the rest of the suite runs beside them unbounded (it is CPU only).
public struct LoopbackBudget: SuiteTrait, TestTrait, TestScoping {
    /// Test cases holding a slot at once: enough to keep two cores busy while tests wait on the network.
    public static let slots = 8

    public var isRecursive: Bool { true }

    /// Runs a test case inside a slot; suites and whole test functions pass through (their cases take slots).
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        await LoopbackSlots.shared.acquire()
        do {
            try await function()
        } catch {
            await LoopbackSlots.shared.release()
            throw error
        }
        await LoopbackSlots.shared.release()
    }
}

extension Trait where Self == LoopbackBudget {
    /// The suite's test cases run within `LoopbackBudget.slots` loopback cases at once.
    public static var loopback: Self { LoopbackBudget() }
}

/// The slots, handed to waiters first come, first served.
actor LoopbackSlots {
    static let shared = LoopbackSlots()
    private var free = LoopbackBudget.slots
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// The most slots ever held at once (for the test that checks the bound).
    private(set) var peak = 0

    func acquire() async {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiters.append($0) }
        }
        peak = max(peak, LoopbackBudget.slots - free)
    }

    func release() {
        if waiters.isEmpty { free += 1 } else { waiters.removeFirst().resume() }
    }
}
