import Testing

/// A bound on how long one test case may run before it counts as hung: past it the case fails with
/// `HangLimit.Exceeded` and its task is cancelled. Tests wait for events, never for time; this only ends a hang.
///
/// Unlike `.timeLimit`, the clock starts when the case starts its own work. Swift Testing wraps every scoping
/// trait in `.timeLimit`, so in a `.loopback` suite it also counted the wait for a slot: under load a case failed
/// while it only queued behind slow ones. `LoopbackBudget` therefore applies this limit once the case holds its
/// slot, and rejects `.timeLimit`.
public struct HangLimit: TestTrait, TestScoping {
    /// The longest the case may run.
    public var duration: Duration

    /// The case ran past its hang limit.
    public struct Exceeded: Error, CustomStringConvertible {
        public let limit: Duration
        public var description: String {
            "the test case ran longer than its hang limit of \(limit) (a wait for a loopback slot not counted)"
        }
    }

    /// Test cases only; in a `.loopback` test the budget applies the limit inside the case's slot instead.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil || test.traits.contains { $0 is LoopbackBudget } ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await Self.run(within: duration, on: ContinuousClock(), function)
    }

    /// The shortest hang limit among the test's traits, if it has one.
    static func limit(of test: Test) -> Duration? {
        test.traits.compactMap { ($0 as? HangLimit)?.duration }.min()
    }

    /// Runs `body`; if `clock` reaches the limit first, cancels `body`, waits for it to end and throws `Exceeded`.
    /// The limit counts from this call (tests of the limit pass a clock they advance themselves).
    static func run(
        within limit: Duration?, on clock: some Clock<Duration>, _ body: @Sendable () async throws -> Void
    ) async throws {
        guard let limit else { return try await body() }
        let deadline = clock.now.advanced(by: limit)
        // The group awaits both children before it returns, so `body` never outlives this call.
        try await withoutActuallyEscaping(body) { body in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask(operation: body)
                group.addTask {
                    try await clock.sleep(until: deadline, tolerance: nil)
                    throw Exceeded(limit: limit)
                }
                defer { group.cancelAll() }
                try await group.next()
            }
        }
    }
}

extension Trait where Self == HangLimit {
    /// The test case fails if it runs over `minutes` (in a `.loopback` suite: counted once it holds its slot).
    public static func hangLimit(minutes: Int) -> Self { HangLimit(duration: .seconds(60 * minutes)) }
}
