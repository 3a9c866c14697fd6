import Foundation

/// A value guarded by a lock, for state shared with URLSession's delegate queue, the mock server's threads and
/// other non-async code. `package` so CourierTesting and the demo share this one type.
///
/// `@unchecked Sendable` is safe because every access to `value` goes through `withLock`, which holds `lock`.
package final class LockedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
