import Foundation
import Testing
import URLQueryCoding

/// Seeded garbage in, typed errors out: the decoder never crashes or hangs on hostile input.
@Suite struct DecoderRobustnessTests {
    static let pieces = ["a", "b", "tags", "user", "name", "age", "[", "]", "[]", "[0]", "[1]", "[99999]", "%", "%2",
                         "%ZZ", "%5B", "%5D", "%FF", "=", "&", ".", "+", ",", "|", " ", "é", "1", "-1", "1e9", "true", "?"]

    static func garbage(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...24, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
    }

    @Test(arguments: URLQueryDecoder.ObjectDecodingStrategy.allCases)
    func garbageNeverCrashes(_ objects: URLQueryDecoder.ObjectDecodingStrategy) {
        var random = SeededGenerator(seed: 0xBADC0DE)
        var failures = 0
        for strategy in URLQueryDecoder.ArrayDecodingStrategy.allCases {
            let decoder = URLQueryDecoder(arrayDecodingStrategy: strategy, objectDecodingStrategy: objects, maximumArrayIndex: 1000)
            for _ in 0..<150 {
                let input = Self.garbage(&random)
                for attempt in 0..<3 {
                    do {
                        switch attempt {
                        case 0: _ = try decoder.decode(Params.self, from: input)
                        case 1: _ = try decoder.decode(DeepModel.self, from: input)
                        default: _ = try decoder.decode([String: [String: String]].self, from: input)
                        }
                    } catch is DecodingError {
                        failures += 1
                    } catch {
                        Issue.record("untyped error \(error) for \(input)")
                    }
                }
            }
        }
        #expect(failures > 0)
    }
}

/// A recursive type: how deep the decoder goes is up to the input.
final class Chain: Codable {
    var next: Chain?
    var value: String?

    init(next: Chain?, value: String?) {
        self.next = next
        self.value = value
    }
}

struct ChainRoot: Codable {
    var value: Chain
}

@Suite struct DepthLimitTests {
    @Test func hostileDepthIsATypedError() {
        let query = "value" + String(repeating: "[next]", count: 5_000) + "=x"
        #expect(throws: DecodingError.self) { try URLQueryDecoder().decode(ChainRoot.self, from: query) }
    }

    @Test func reasonableDepthDecodes() throws {
        let query = "value" + String(repeating: "[next]", count: 50) + "[value]=x"
        var node: Chain? = try URLQueryDecoder().decode(ChainRoot.self, from: query).value
        var depth = 0
        while let current = node?.next {
            node = current
            depth += 1
        }
        #expect(depth == 50 && node?.value == "x")
    }

    @Test func cyclesAreATypedErrorNotAStackOverflow() {
        let first = Chain(next: nil, value: "a")
        first.next = Chain(next: first, value: "b")
        defer { first.next = nil }
        do {
            _ = try URLQueryEncoder().encode(first)
            Issue.record("expected an error")
        } catch let error as URLQueryEncoder.EncodingError {
            guard case .invalidValue(let path, _) = error else { Issue.record("wrong case \(error)"); return }
            #expect(path.count == 129 && path.allSatisfy { $0.stringValue == "next" })
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
