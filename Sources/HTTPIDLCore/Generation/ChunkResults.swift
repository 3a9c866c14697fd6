import Foundation

/// Collects the results of work done in chunks on several threads (rendered Swift, checked messages).
///
/// `@unchecked Sendable` is safe here: the only stored state, `storage`, is read and written exclusively while
/// holding `lock`, and the values stored are `Sendable`.
final class ChunkResults<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value?]

    /// Creates room for `count` chunks.
    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    /// Stores the result of chunk `index`.
    func store(_ value: Value, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        storage[index] = value
    }

    /// The stored results in chunk order (every chunk stores one before the work returns).
    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage.compactMap { $0 }
    }
}
