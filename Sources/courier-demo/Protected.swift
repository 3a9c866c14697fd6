import Foundation

/// A value shared between the server's connection threads and the demo's tasks, guarded by a lock.
///
/// `@unchecked Sendable` is safe here: `value` is private and only touched inside `withLock`, which holds
/// `lock` for the whole access. (`Synchronization.Mutex` would do, but needs macOS 15.)
final class Protected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
