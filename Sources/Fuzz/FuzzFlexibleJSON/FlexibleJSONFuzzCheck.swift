import Courier
import FlexibleDecoding
import Foundation
import FuzzingSupport

/// Fuzzed bytes through `FlexibleJSONDecoder` into typed values and into `JSONValue`, under every number,
/// fractional-integer, bool, date, data, non-finite-float and key strategy and a small or the default depth
/// limit. The first bytes pick the configuration, the rest is the document. Decoding either succeeds or throws
/// a `DecodingError`, and does the same every time; it never crashes, hangs or throws anything else.
enum FlexibleJSONFuzzCheck {
    private static var customFailure: DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "custom strategy refused"))
    }

    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        var decoder = FlexibleJSONDecoder()
        decoder.numberDecodingStrategy = input.pick([.strict, .flexible])
        decoder.fractionalIntegerPolicy = input.pick([.reject, .truncating])
        decoder.boolDecodingStrategy = input.pick([.strict, .flexible])
        decoder.dateDecodingStrategy = input.pick([
            .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601, .formatted(Self.dateFormatter),
            .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                guard let seconds = Double(text), seconds.isFinite else { throw customFailure }
                return Date(timeIntervalSince1970: seconds)
            },
        ])
        decoder.dataDecodingStrategy = input.pick([
            .deferredToData, .base64,
            .custom { decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) },
        ])
        decoder.nonConformingFloatDecodingStrategy = input.pick([
            .throw, .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN"),
        ])
        decoder.keyDecodingStrategy = input.pick([
            .useDefaultKeys, .convertFromSnakeCase,
            .custom { path in path.last ?? AnyKey(stringValue: "") as any CodingKey },
        ])
        decoder.maximumNestingDepth = input.byte() & 1 != 0 ? 4 : 512
        let document = Data(input.rest())

        let value = expectTypedOutcome(bytes) { try decoder.decode(JSONValue.self, from: document) }
        let again = expectTypedOutcome(bytes) { try decoder.decode(JSONValue.self, from: document) }
        if value != again { FuzzDriver.fail("decoding into JSONValue is not deterministic", input: bytes) }
        _ = value.map { String(describing: $0) }
        _ = expectTypedOutcome(bytes) { try decoder.decode(JSONFuzzModel.self, from: document) }
        _ = expectTypedOutcome(bytes) { try decoder.decode([JSONFuzzModel.Helpers].self, from: document) }
        _ = expectTypedOutcome(bytes) { try decoder.decode([String: Int64].self, from: document) }
        _ = expectTypedOutcome(bytes) { try decoder.decode(UInt32.self, from: document) }
    }

    private static func expectTypedOutcome<T>(_ bytes: [UInt8], _ decode: () throws -> T) -> T? {
        do {
            return try decode()
        } catch is DecodingError {
            return nil
        } catch {
            FuzzDriver.fail("FlexibleJSONDecoder threw \(type(of: error)), not DecodingError: \(error)", input: bytes)
        }
    }

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter
    }()
}
