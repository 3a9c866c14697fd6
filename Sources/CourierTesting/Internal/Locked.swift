import Foundation

/// A value guarded by a lock: the only way to reach it is `withLock`.
final class Locked<Value>: @unchecked Sendable {
    // Safe: `value` is private and only read or written inside `withLock`, which holds `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
