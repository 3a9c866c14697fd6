import Foundation

/// Collects the rendered chunks of a file generated on several threads.
///
/// `@unchecked Sendable` is safe here: the only stored state, `storage`, is read and written exclusively while
/// holding `lock`.
final class ChunkResults: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [[UInt8]]

    /// Creates room for `count` chunks.
    init(count: Int) {
        storage = Array(repeating: [], count: count)
    }

    /// Stores the UTF-8 text of chunk `index`.
    func store(_ text: [UInt8], at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        storage[index] = text
    }

    /// The chunks in order.
    var values: [[UInt8]] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
