import Foundation

/// Runs the steps in order, each with a time limit, and prints a ✓ or ✗ line per step and a summary.
struct StepRunner {
    let context: DemoContext
    /// The longest a single step may take before it counts as failed (the demo never hangs).
    var timeLimit: Duration = .seconds(15)

    /// Runs every step; returns the number that failed.
    func run(_ steps: [DemoStep]) async -> Int {
        var failures: [String] = []
        for (index, step) in steps.enumerated() {
            let transcript = context.transcript
            transcript.print()
            transcript.print("\(index + 1). \(step.title)")
            do {
                let summary = try await withTimeLimit { try await step.run(context) }
                transcript.print("✓ \(summary)", indent: 3)
            } catch {
                let message = "\(error)"
                transcript.print("✗ FAILED: \(message)", indent: 3)
                failures.append("step \(index + 1) (\(step.title)): \(message)")
            }
        }
        context.transcript.print()
        if failures.isEmpty {
            context.transcript.print("All \(steps.count) steps behaved as expected.")
        } else {
            context.transcript.print("\(failures.count) of \(steps.count) steps did not behave as expected:")
            for failure in failures { context.transcript.print("- \(failure)", indent: 2) }
        }
        return failures.count
    }

    private func withTimeLimit<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let limit = timeLimit
        return try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw DemoFailure("no result within \(limit)")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw DemoFailure("the step produced no result") }
            return first
        }
    }
}
