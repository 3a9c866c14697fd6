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
