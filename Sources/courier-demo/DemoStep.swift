import Foundation

/// One step of the demo: a call to the pet store, with what it must show.
struct DemoStep: Sendable {
    /// A one-line title, e.g. "List pets with query filters and paging".
    var title: String
    /// Runs the step: prints what happens into the transcript and throws `DemoFailure` when the result is not
    /// what the step expects. Returns a one-line summary of what was checked.
    var run: @Sendable (DemoContext) async throws -> String
}

/// A step did not behave as expected.
struct DemoFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Throws `DemoFailure(message)` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw DemoFailure(message()) }
}

/// Returns `value`, or throws `DemoFailure(message)` when it is nil.
func require<Value>(_ value: Value?, _ message: @autoclosure () -> String) throws -> Value {
    guard let value else { throw DemoFailure(message()) }
    return value
}
