import Foundation

/// Frees a large value on a thread of its own, so the caller goes on without paying for the release of its
/// many small objects (the syntax trees of a large input, which die while the Swift is generated).
///
/// `@unchecked Sendable` is safe here: `value` is set once in `init`, before the thread starts (starting a
/// thread orders that write before anything the thread does), and after `start` only that thread reads or
/// writes it; the caller keeps no other reference to the value, so its last release happens there.
final class BackgroundRelease<Value: Sendable>: @unchecked Sendable {
    private var value: Value?

    private init(_ value: consuming Value) {
        self.value = value
    }

    /// Hands `value` to a new thread, which releases it. The caller must hold no other reference to it.
    static func release(_ value: consuming Value) {
        let box = BackgroundRelease(value)
        let thread = Thread { box.value = nil }
        thread.start()
    }
}
