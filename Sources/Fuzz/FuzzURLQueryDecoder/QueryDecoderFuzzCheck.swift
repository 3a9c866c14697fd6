import Foundation
import FuzzingSupport
import URLQueryCoding

/// Fuzzed query strings and form bodies through `URLQueryDecoder` into nested types, under every array,
/// object, key, date, data and non-finite-float strategy. The first bytes pick the configuration, the rest is
/// the query. Decoding either succeeds or throws a `DecodingError`; it never crashes, hangs or throws
/// anything else.
enum QueryDecoderFuzzCheck {
    /// Thrown by the custom strategies below: a `DecodingError`, as a decoder's own errors are.
    private static var customFailure: DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "custom strategy refused"))
    }

    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        var decoder = URLQueryDecoder()
        decoder.arrayDecodingStrategy = input.pick(URLQueryDecoder.ArrayDecodingStrategy.allCases)
        decoder.objectDecodingStrategy = input.pick(URLQueryDecoder.ObjectDecodingStrategy.allCases)
        decoder.keyDecodingStrategy = input.pick([
            .useDefaultKeys, .convertFromSnakeCase, .custom { $0.lowercased() },
        ])
        decoder.dateDecodingStrategy = input.pick([
            .iso8601WithFractionalSeconds, .iso8601, .secondsSince1970, .millisecondsSince1970,
            .formatted(Self.dateFormatter),
            .custom { text in
                guard let seconds = Double(text), seconds.isFinite else { throw customFailure }
                return Date(timeIntervalSince1970: seconds)
            },
        ])
        decoder.dataDecodingStrategy = input.pick([
            .base64, .base64URL,
            .custom { text in
                guard text.count % 2 == 0 else { throw customFailure }
                return Data(text.utf8)
            },
        ])
        decoder.nonConformingFloatDecodingStrategy = input.pick([
            .throw, .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"),
        ])
        let switches = input.byte()
        decoder.decodesPlusAsSpace = switches & 1 != 0
        decoder.maximumArrayIndex = switches & 2 != 0 ? 3 : 10_000
        let rootKey: String? = switches & 4 != 0 ? "root" : nil
        let body = input.rest()
        let query = String(decoding: body, as: UTF8.self)

        expectTypedOutcome(bytes) { try decoder.decode(QueryFuzzModel.self, from: query, rootKey: rootKey) }
        expectTypedOutcome(bytes) { try decoder.decode(QueryFuzzModel.self, fromFormBody: Data(body), rootKey: rootKey) }
        expectTypedOutcome(bytes) { try decoder.decode([QueryFuzzModel.Inner].self, from: query, rootKey: rootKey ?? "list") }
        expectTypedOutcome(bytes) { try decoder.decode([String: [String: Int]].self, from: query, rootKey: rootKey) }
        expectTypedOutcome(bytes) { try decoder.decode(Double.self, from: query, rootKey: rootKey ?? "ratio") }
        if let items = URLComponents(string: "http://h/?" + query)?.queryItems {
            expectTypedOutcome(bytes) { try decoder.decode(QueryFuzzModel.self, from: items, rootKey: rootKey) }
        }
    }

    private static func expectTypedOutcome<T>(_ bytes: [UInt8], _ decode: () throws -> T) {
        do {
            _ = try decode()
        } catch is DecodingError {
            // The documented failure.
        } catch {
            FuzzDriver.fail("URLQueryDecoder threw \(type(of: error)), not DecodingError: \(error)", input: bytes)
        }
    }

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter
    }()
}
