import Courier
import Foundation

/// The demo's output: printed as it happens, and kept so the demo can check what it showed (the secret
/// token must never appear).
final class Transcript: Sendable {
    private let lines = LockedState<[String]>([])

    /// Prints `text` (each of its lines indented by `indent` spaces) and keeps it.
    func print(_ text: String = "", indent: Int = 0) {
        let padding = String(repeating: " ", count: indent)
        let indented = text.split(separator: "\n", omittingEmptySubsequences: false).map { padding + $0 }
        lines.withLock { lines in
            lines.append(contentsOf: indented)
            // Printed under the lock so lines from concurrent tasks never interleave.
            FileHandle.standardOutput.write(Data((indented.joined(separator: "\n") + "\n").utf8))
        }
    }

    /// Everything printed so far.
    var text: String {
        lines.withLock { $0.joined(separator: "\n") }
    }
}
