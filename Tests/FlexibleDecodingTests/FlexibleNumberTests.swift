import Foundation
import Testing
@testable import FlexibleDecoding

/// The convention's DTO: synthesized `Codable`, no hand-written `init(from:)`.
struct UserDTO: Codable, Equatable {
    let userId: Int
    let name: String
}

@Suite("FlexibleJSONDecoder numbers")
struct FlexibleNumberTests {
    @Test func userDTOFromStringIntegerNeedsNoInitFrom() throws {
        let user = try flexible(UserDTO.self, #"{"userId":"123","name":"kim"}"#)
        #expect(user == UserDTO(userId: 123, name: "kim"))
    }

    @Test func foundationRejectsTheSamePayload() {
        let failure = decodingFailure { _ = try foundation(UserDTO.self, #"{"userId":"123","name":"kim"}"#) }
        #expect(failure?.kind == .typeMismatch)
        #expect(failure?.path == ["userId"])
    }

    /// Fallback order Int → numeric String → integral Double, each accepted.
    @Test(arguments: [
        ("123", 123), ("\"123\"", 123), ("123.0", 123), ("\"-42\"", -42), ("\"+7\"", 7), ("\"007\"", 7),
        ("1.5e2", 150), ("\"123.0\"", 123), ("\"1e3\"", 1000), ("-0", 0), ("0e5", 0), ("12300e-2", 123),
        ("\"9223372036854775807\"", Int.max), ("\"-9223372036854775808\"", Int.min),
        ("-9223372036854775808", Int.min), ("9223372036854775807.000", Int.max),
    ])
    func acceptedIntegerSpellings(json: String, expected: Int) throws {
        #expect(try flexible(Box<Int>.self, #"{"value":\#(json)}"#).value == expected)
    }

    /// Bad inputs become typed errors carrying the key's path — never a trap, never silent truncation.
    @Test(arguments: [
        ("1e20", ErrorKind.dataCorrupted), ("123.5", .dataCorrupted), ("\"123.5\"", .dataCorrupted),
        ("\"12abc\"", .typeMismatch), ("\"\"", .typeMismatch), ("\"0x1F\"", .typeMismatch),
        ("\" 12 \"", .typeMismatch), ("\" 12\"", .typeMismatch), ("\"12 \"", .typeMismatch),
        ("\"1e20\"", .dataCorrupted), ("\"inf\"", .typeMismatch), ("\"NaN\"", .typeMismatch),
        ("\"-\"", .typeMismatch), ("\"1.\"", .typeMismatch), ("\".5\"", .typeMismatch),
        ("true", .typeMismatch), ("{\"a\":1}", .typeMismatch), ("[1]", .typeMismatch),
        ("null", .valueNotFound), ("9223372036854775808", .dataCorrupted), ("1e400", .dataCorrupted),
        ("\"99999999999999999999999\"", .dataCorrupted), ("1e-400", .dataCorrupted),
    ])
    func rejectedIntegerSpellings(json: String, kind: ErrorKind) {
        let failure = decodingFailure { _ = try flexible(Box<Int>.self, #"{"value":\#(json)}"#) }
        #expect(failure?.kind == kind)
        #expect(failure?.path == ["value"])
    }

    @Test func nestedGarbageReportsTheFullPath() {
        struct Outer: Decodable { let users: [UserDTO] }
        let json = #"{"users":[{"userId":"1","name":"a"},{"userId":{"id":2},"name":"b"}]}"#
        let failure = decodingFailure { _ = try flexible(Outer.self, json) }
        #expect(failure?.kind == .typeMismatch)
        #expect(failure?.path == ["users", "Index 1", "userId"])
    }

    @Test(arguments: [("123.5", 123), ("-1.9", -1), ("\"99.99\"", 99), ("1e-3", 0), ("123", 123)])
    func truncatingPolicyRoundsTowardZero(json: String, expected: Int) throws {
        let value = try flexible(Box<Int>.self, #"{"value":\#(json)}"#) { $0.fractionalIntegerPolicy = .truncating }
        #expect(value.value == expected)
    }

    @Test func truncatingStillRejectsOutOfRange() {
        let failure = decodingFailure {
            _ = try flexible(Box<Int8>.self, #"{"value":300.5}"#) { $0.fractionalIntegerPolicy = .truncating }
        }
        #expect(failure?.kind == .dataCorrupted)
    }

    @Test func strictModeRejectsNumericStrings() {
        let failure = decodingFailure { _ = try flexible(UserDTO.self, #"{"userId":"123","name":"kim"}"#) { $0.numberDecodingStrategy = .strict } }
        #expect(failure?.kind == .typeMismatch)
        #expect(failure?.path == ["userId"])
    }

    @Test func strictModeAcceptsIntegralNumbersLikeJSONDecoder() throws {
        #expect(try flexible(Box<Int>.self, #"{"value":123.0}"#) { $0.numberDecodingStrategy = .strict }.value == 123)
        #expect(try foundation(Box<Int>.self, #"{"value":123.0}"#).value == 123)
    }

    @Test func escapedNumericStringsAreDecoded() throws {
        #expect(try flexible(Box<Int>.self, #"{"value":"\u0031\u0032"}"#).value == 12)
    }

    @Test func optionalIntegersAreNilOnlyWhenMissingOrNull() throws {
        #expect(try flexible(OptionalBox<Int>.self, #"{}"#).value == nil)
        #expect(try flexible(OptionalBox<Int>.self, #"{"value":null}"#).value == nil)
        #expect(try flexible(OptionalBox<Int>.self, #"{"value":"5"}"#).value == 5)
        let failure = decodingFailure { _ = try flexible(OptionalBox<Int>.self, #"{"value":"garbage"}"#) }
        #expect(failure?.kind == .typeMismatch)
        #expect(failure?.path == ["value"])
    }

    @Test func integerArraysMixSpellings() throws {
        #expect(try flexible([Int].self, #"["1", 2, 3.0, "-4"]"#) == [1, 2, 3, -4])
        let failure = decodingFailure { _ = try flexible([Int].self, #"["1", "x"]"#) }
        #expect(failure?.path == ["Index 1"])
    }

    @Test(arguments: [("\"1.5\"", 1.5), ("\"-2\"", -2.0), ("\"1e3\"", 1000.0), ("2.5", 2.5), ("\"+0.25\"", 0.25)])
    func doublesAcceptNumericStrings(json: String, expected: Double) throws {
        #expect(try flexible(Box<Double>.self, #"{"value":\#(json)}"#).value == expected)
    }

    @Test(arguments: ["\"abc\"", "\"\"", "\" 1\"", "\"0x10\""])
    func doublesRejectGarbageStrings(json: String) {
        let failure = decodingFailure { _ = try flexible(Box<Double>.self, #"{"value":\#(json)}"#) }
        #expect(failure?.kind == .typeMismatch)
    }

    @Test func floatsAndDecimalsFromStrings() throws {
        #expect(try flexible(Box<Float>.self, #"{"value":"0.5"}"#).value == 0.5)
        #expect(try flexible(Box<Decimal>.self, #"{"value":"12.345"}"#).value == Decimal(string: "12.345"))
    }

    @Test func decimalKeepsExactDigits() throws {
        let value = try flexible(Box<Decimal>.self, #"{"value":0.1}"#).value
        #expect(value == Decimal(string: "0.1"))
        #expect(try flexible(Box<Decimal>.self, #"{"value":12345678901234567890.123}"#).value
            == Decimal(string: "12345678901234567890.123"))
    }

    @Test func nonConformingFloats() throws {
        let strategy = FlexibleJSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        let values = try flexible([Double].self, #"["+Infinity","-Infinity","NaN"]"#) { $0.nonConformingFloatDecodingStrategy = strategy }
        #expect(values[0] == .infinity)
        #expect(values[1] == -.infinity)
        #expect(values[2].isNaN)
        let failure = decodingFailure { _ = try flexible([Double].self, #"["NaN"]"#) }
        #expect(failure?.kind == .typeMismatch)
    }

    @Test func doubleOverflowIsAnError() {
        let failure = decodingFailure { _ = try flexible([Double].self, "[1e999]") }
        #expect(failure?.kind == .dataCorrupted)
        #expect(failure?.path == ["Index 0"])
    }

    @Test(arguments: [
        ("true", true), ("false", false), ("1", true), ("0", false), ("\"true\"", true), ("\"false\"", false),
        ("\"1\"", true), ("\"0\"", false),
    ])
    func flexibleBools(json: String, expected: Bool) throws {
        #expect(try flexible(Box<Bool>.self, #"{"value":\#(json)}"#).value == expected)
    }

    @Test(arguments: ["2", "\"yes\"", "\"TRUE\"", "1.0", "\"\"", "null", "[]"])
    func rejectedBools(json: String) {
        #expect(decodingFailure { _ = try flexible(Box<Bool>.self, #"{"value":\#(json)}"#) } != nil)
    }

    @Test func strictBools() {
        let failure = decodingFailure { _ = try flexible(Box<Bool>.self, #"{"value":1}"#) { $0.boolDecodingStrategy = .strict } }
        #expect(failure?.kind == .typeMismatch)
    }

    @Test func stringsAreNotNumbersAndNumbersAreNotStrings() {
        let failure = decodingFailure { _ = try flexible(Box<String>.self, #"{"value":12}"#) }
        #expect(failure?.kind == .typeMismatch)
    }
}

/// Hostile numbers: huge digit counts and exponents give typed errors (or exact values), quickly.
@Suite("Hostile numbers")
struct HostileNumberTests {
    static let numbers = [
        "1" + String(repeating: "0", count: 100_000),
        "0." + String(repeating: "0", count: 100_000) + "1",
        "1e99999999999999999999", "-1e-99999999999999999999", "1E+2147483648", "123456789e-2147483649",
        "0.0000000000000000000000000000000000000000001e43", String(repeating: "9", count: 400) + "e-400",
    ]

    @Test(arguments: numbers)
    func integersRejectOrDecodeExactly(number: String) {
        for json in [number, "\"\(number)\""] {
            let result = Result { try flexible([Int64].self, "[\(json)]") }
            if case .success(let values) = result { #expect(values == [1] || values == [0], "\(json.prefix(40))") }
            if case .failure(let error) = result { #expect(classify(error).kind == .dataCorrupted, "\(json.prefix(40))") }
        }
    }

    @Test(arguments: numbers)
    func floatingPointAndDecimalNeverCrash(number: String) {
        _ = try? flexible([Double].self, "[\(number)]")
        _ = try? flexible([Float].self, "[\(number)]")
        _ = try? flexible([Decimal].self, "[\(number)]")
        _ = try? flexible([Double].self, "[\"\(number)\"]")
    }

    @Test func exactValuesFromOddSpellings() throws {
        #expect(try flexible([Int].self, "[0.0000000000000000000000000000000000000000001e43, 0.0000000000000000000000000000000000000000001e44]") == [1, 10])
        #expect(try flexible([UInt8].self, "[25500e-2, 2.55e2]") == [255, 255])
    }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    /// One `FlexibleJSONDecoder` value shared by many tasks (it is a `Sendable` struct; each decode has
    /// its own state).
    @Test func sharedDecoderAcrossTasks() async throws {
        var decoder = FlexibleJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let shared = decoder
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<32 {
                group.addTask {
                    try shared.decode(UserDTO.self, from: Data(#"{"user_id":"\#(index)","name":"n"}"#.utf8)).userId
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(results.sorted() == Array(0..<32))
    }
}
