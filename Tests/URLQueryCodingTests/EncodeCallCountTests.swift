import Foundation
import Testing
import URLQueryCoding

/// A value's `encode(to:)` runs once per `encode` call, also when it fails: the encoder has one engine and
/// never encodes a value again to find out what went wrong.
@Suite struct EncodeCallCountTests {
    /// Counts its `encode(to:)` calls, then writes a field and throws `failure` (if any) from inside them.
    ///
    /// `@unchecked Sendable` is safe: `count` is read and written only while `lock` is held (`NSLock`, since
    /// `Mutex` needs macOS 15 / iOS 18).
    final class Counted: Encodable, @unchecked Sendable {
        struct Failure: Error {}
        enum Mode { case succeeds, throwsOwnError, nonFinite }

        let mode: Mode
        private let lock = NSLock()
        private var count = 0

        init(_ mode: Mode) { self.mode = mode }

        var callCount: Int { lock.withLock { count } }

        private enum Keys: String, CodingKey { case name, ratio }

        func encode(to encoder: any Encoder) throws {
            lock.withLock { count += 1 }
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("kim", forKey: .name)
            switch mode {
            case .succeeds: try container.encode(0.5, forKey: .ratio)
            case .throwsOwnError: throw Failure()
            case .nonFinite: try container.encode(Double.nan, forKey: .ratio)
            }
        }
    }

    /// A wrapper whose array strategy the walk refuses (`.repeated` cannot hold an array of arrays): the
    /// error comes after `encode(to:)` returned.
    struct Nested: Encodable {
        let value: Counted
        let grid: [[Int]]
    }

    @Test(arguments: [Counted.Mode.succeeds, .throwsOwnError, .nonFinite])
    func encodeRunsOncePerCall(_ mode: Counted.Mode) {
        let encoder = URLQueryEncoder()
        let outputs: [(URLQueryEncoder, Counted) throws -> Void] = [
            { _ = try $0.encode($1) }, { _ = try $0.encodeQueryString($1) }, { _ = try $0.encodeFormBody($1) },
        ]
        for (index, output) in outputs.enumerated() {
            let value = Counted(mode)
            let result = Result { try output(encoder, value) }
            #expect(value.callCount == 1, "output \(index)")
            if case .success = result { #expect(mode == .succeeds) } else { #expect(mode != .succeeds) }
        }
    }

    @Test func aValueBeforeAWalkErrorIsEncodedOnce() {
        let encoder = URLQueryEncoder(arrayEncodingStrategy: .repeated)
        let value = Counted(.succeeds)
        #expect(throws: URLQueryEncoder.EncodingError.self) {
            try encoder.encodeQueryString(Nested(value: value, grid: [[1], [2]]))
        }
        #expect(value.callCount == 1)
    }
}
