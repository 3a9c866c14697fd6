import Foundation
import Testing
@testable import FlexibleDecoding

/// Hostile and boundary inputs for `FlexibleJSONDecoder` and the container helpers: values or typed errors,
/// never a trap, a hang, or a silently different number.
@Suite struct FlexibleDecodingMalformedInputTests {
    static let edgeNumbers = [
        "0", "-0", "0.0", "-0.0", "1", "-1", "127", "128", "-128", "-129", "255", "256",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "9007199254740993", "9007199254740993.0",
        "1e20", "1E2", "1.5e1", "1.25e1", "12.5", "123.0", "1e999999", "-1e999999", "1e-999999",
        "1e308", "1.7976931348623157e308", "1.7976931348623159e308", "4.9e-324", "2.4e-324", "1e-400",
        "3.4028235e38", "3.5e38", "1e-45", "1e-46", "0e999999999999999999999", "1e99999999999999999999",
        "100000000000000000000000000000000000000000e-40", "0.000000000000000000000000000001e30",
    ]

    /// With strict settings the decoder must agree with `JSONDecoder` on every edge number, for every width.
    @Test(arguments: edgeNumbers)
    func strictNumbersMatchJSONDecoder(_ number: String) {
        var strict = FlexibleJSONDecoder()
        strict.numberDecodingStrategy = .strict
        let json = Data("{\"value\":\(number)}".utf8)
        func compare<T: Decodable & Equatable>(_: T.Type) {
            let expected = Result { try JSONDecoder().decode(Box<T>.self, from: json).value }
            let actual = Result { try strict.decode(Box<T>.self, from: json).value }
            switch (expected, actual) {
            case (.success(let lhs), .success(let rhs)):
                #expect(lhs == rhs, "\(number) as \(T.self): JSONDecoder \(lhs), flexible \(rhs)")
            case (.failure, .failure(let error)):
                #expect(error is DecodingError, "\(number) as \(T.self): untyped \(error)")
            case (.success(let lhs), .failure(let error)):
                // Deliberate: `JSONDecoder` turns `1e-400` into the integer 0; under the default
                // `fractionalIntegerPolicy = .reject` that is a fraction, not a zero.
                let rejectedFraction = T.self is any FixedWidthInteger.Type && "\(error)".contains("fractional part")
                if !rejectedFraction { Issue.record("\(number) as \(T.self): JSONDecoder gives \(lhs), flexible throws \(error)") }
            case (.failure(let error), .success(let rhs)):
                Issue.record("\(number) as \(T.self): JSONDecoder throws \(error), flexible gives \(rhs)")
            }
        }
        compare(Int.self)
        compare(Int8.self)
        compare(UInt8.self)
        compare(Int64.self)
        compare(UInt64.self)
        compare(Double.self)
        compare(Float.self)
    }

    /// Numbers sent as strings take the same exact path: never through `Double`, never wrapped.
    @Test(arguments: [
        ("\"9223372036854775807\"", Int64.max as Int64?), ("\"-9223372036854775808\"", Int64.min), ("\"9223372036854775808\"", nil),
        ("\"9007199254740993\"", 9_007_199_254_740_993), ("\"9007199254740993.0\"", 9_007_199_254_740_993), ("\"1e18\"", 1_000_000_000_000_000_000),
        ("\"1e19\"", nil), ("\"1e999999\"", nil), ("\"-0\"", 0), ("\"+7\"", 7), ("\"007\"", 7), ("\" 7\"", nil), ("\"7 \"", nil),
        ("\"0x10\"", nil), ("\"1_000\"", nil), ("\"١٢\"", nil), ("\"\"", nil), ("\"-\"", nil), ("\"+\"", nil), ("\".5\"", nil),
        ("\"5.\"", nil), ("\"1e\"", nil), ("\"1e+\"", nil), ("\"Infinity\"", nil), ("\"NaN\"", nil), ("\"12abc\"", nil),
        ("\"\\u0031\\u0032\"", 12), ("\"1\\u0000\"", nil), ("123.5", nil), ("1e-999999", nil), ("true", nil), ("[1]", nil),
    ] as [(String, Int64?)])
    func flexibleInt64IsExact(_ json: String, _ expected: Int64?) {
        let result = Result { try flexible(Box<Int64>.self, "{\"value\":\(json)}").value }
        switch result {
        case .success(let value): #expect(value == expected, "\(json)")
        case .failure(let error):
            #expect(expected == nil, "\(json): \(error)")
            #expect(error is DecodingError)
        }
    }

    @Test(arguments: ["1e999999", "-1e999999", "1e200", "1e-200", "\"1e999999\"", "\"nan\""])
    func decimalsOutOfRangeAreTypedErrors(_ json: String) {
        let result = Result { try flexible(Box<Decimal>.self, "{\"value\":\(json)}").value }
        if case .success(let value) = result { Issue.record("\(json) decoded as \(value)") }
    }

    @Test(arguments: ["123456789012345678901234567890", "-0.000001", "0", "1e10"])
    func decimalsInRangeMatchJSONDecoder(_ number: String) throws {
        let json = "{\"value\":\(number)}"
        #expect(try flexible(Box<Decimal>.self, json).value == foundation(Box<Decimal>.self, json).value)
    }

    // MARK: - Strings

    @Test(arguments: [
        #""\uD800""#, #""\uDBFF""#, #""\uDC00""#, #""\uDFFF""#, #""\uD800\u0041""#, #""\uD800\uD800""#, #""\uD800x""#,
        #""\uD800\""#, #""\uD800\u""#, #""\uD800\uDC0""#, #""\uDC00\uD800""#, #""\u12""#, #""\u12G4""#, #""\x41""#, #""\"#,
        "\"a\u{0}b\"", "\"\u{1F}\"", "\"\\u00", "\"",
    ])
    func malformedStringsAreTypedErrors(_ json: String) {
        let result = Result { try flexible(Box<String>.self, "{\"value\":\(json)}") }
        guard case .failure(let error) = result else {
            Issue.record("\(json) decoded")
            return
        }
        guard case .dataCorrupted(let context)? = error as? DecodingError else {
            Issue.record("\(json): \(error)")
            return
        }
        #expect(context.underlyingError is JSONParseError, "\(json)")
    }

    @Test(arguments: [
        ([0x22, 0xFF, 0x22] as [UInt8]), [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
        [0x22, 0xE2, 0x82, 0x22], [0x22, 0xF0, 0x9F, 0x98], [0x22, 0x80, 0x22], [0x22, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x22],
    ])
    func invalidUTF8InStringsIsATypedError(_ bytes: [UInt8]) {
        #expect(throws: DecodingError.self) { try FlexibleJSONDecoder().decode(String.self, from: Data(bytes)) }
    }

    @Test func validSurrogatePairsAndEscapesDecodeLikeJSONDecoder() throws {
        let json = #"["\uD83D\uDE00","\u0000","\u00e9\u00E9","\/\\\"\b\f\n\r\t","\uFFFF","\uDBFF\uDFFF"]"#
        #expect(try flexible([String].self, json) == foundation([String].self, json))
    }

    /// UTF-16 and UTF-32 documents (with and without BOMs), and truncated ones.
    @Test func otherUnicodeEncodings() throws {
        let json = #"{"value":"é😀"}"#
        for encoding in [String.Encoding.utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian, .utf16] {
            let data = try #require(json.data(using: encoding))
            #expect(try FlexibleJSONDecoder().decode(Box<String>.self, from: data).value == "é😀", "\(encoding)")
            #expect(throws: DecodingError.self, "\(encoding) truncated") {
                try FlexibleJSONDecoder().decode(Box<String>.self, from: data.dropLast())
            }
        }
    }

    // MARK: - Keys

    @Test func duplicateKeysDecodeTheFirstValueLikeJSONDecoderOrBothAgree() throws {
        let json = #"{"value":1,"value":2}"#
        let expected = Result { try foundation(Box<Int>.self, json).value }
        let actual = Result { try flexible(Box<Int>.self, json).value }
        switch (expected, actual) {
        case (.success(let lhs), .success(let rhs)): #expect(lhs == rhs)
        case (.failure, .failure): break
        default: Issue.record("JSONDecoder \(expected), flexible \(actual)")
        }
    }

    @Test func escapedKeysMatchTheirPlainSpelling() throws {
        #expect(try flexible(Box<Int>.self, #"{"\u0076alue":"5"}"#).value == 5)
        #expect(try flexible([String: Int].self, #"{"a\u0000b":1,"":2}"#) == ["a\u{0}b": 1, "": 2])
    }

    struct Settings: Decodable, Equatable {
        struct Entry: Decodable, Equatable { let displayName: String }
        let userSettings: [String: Entry]
        let nestedMaps: [String: [String: Int]]
    }

    /// Found by this suite: the key strategy was applied to `[String: Value]` keys too, which `JSONDecoder`
    /// leaves as written — so `"A_B"` and `"a__b"` both became `"aB"` and one value was lost.
    @Test func keyStrategiesLeaveDictionaryKeysAsWrittenLikeJSONDecoder() throws {
        let keys = ["_a", "a__b", "__", "", "a_", "_", "A_B", "a_1", "ünï_côdé", "a_b_", "__init__", "a-b_c", "ALL_CAPS", "x_y_z", "a\\u0000_b"]
        let json = "{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
        let nested = #"{"user_settings":{"dark_mode":{"display_name":"Dark"}},"nested_maps":{"outer_key":{"inner_key":1}}}"#
        let strategies: [(FlexibleJSONDecoder.KeyDecodingStrategy, JSONDecoder.KeyDecodingStrategy)] = [
            (.convertFromSnakeCase, .convertFromSnakeCase),
            (.custom { path in JSONCodingKey(stringValue: path.last!.stringValue.uppercased()) },
             .custom { path in JSONCodingKey(stringValue: path.last!.stringValue.uppercased()) }),
        ]
        for (ours, theirs) in strategies {
            var flexible = FlexibleJSONDecoder()
            flexible.keyDecodingStrategy = ours
            let foundation = JSONDecoder()
            foundation.keyDecodingStrategy = theirs
            let expected = try foundation.decode([String: Int].self, from: Data(json.utf8))
            let actual = try flexible.decode([String: Int].self, from: Data(json.utf8))
            #expect(actual == expected)
            #expect(actual.count == keys.count)
            let expectedNested = Result { try foundation.decode(Settings.self, from: Data(nested.utf8)) }
            let actualNested = Result { try flexible.decode(Settings.self, from: Data(nested.utf8)) }
            #expect(String(describing: expectedNested) == String(describing: actualNested))
        }
        var snake = FlexibleJSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let settings = try snake.decode(Settings.self, from: Data(nested.utf8))
        #expect(settings.userSettings == ["dark_mode": .init(displayName: "Dark")])
        #expect(settings.nestedMaps == ["outer_key": ["inner_key": 1]])
    }

    // MARK: - Structure

    @Test(arguments: [100_000])
    func deepNestingOfEveryKindIsATypedError(_ depth: Int) {
        for open in ["[", "{\"a\":", "[{\"a\":"] {
            let json = String(repeating: open, count: depth)
            #expect(throws: DecodingError.self) { try FlexibleJSONDecoder().decode(AnyJSON.self, from: Data(json.utf8)) }
        }
    }

    @Test func hugeMaximumDepthIsStillBoundedByTheInput() throws {
        var decoder = FlexibleJSONDecoder()
        decoder.maximumNestingDepth = .max
        #expect(throws: DecodingError.self) { try decoder.decode(AnyJSON.self, from: Data("[[[[".utf8)) }
    }

    /// Container helpers on Foundation's `JSONDecoder`: the fallbacks never trap, wrap or truncate.
    struct HandWritten: Decodable {
        let value: Int
        let wide: UInt64?
        enum CodingKeys: String, CodingKey { case value, wide }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = try container.decodeIntFlexible(forKey: .value)
            wide = try container.decodeIntegerFlexibleIfPresent(UInt64.self, forKey: .wide)
        }
    }

    @Test(arguments: [
        (#"{"value":1e20}"#, false), (#"{"value":"1e20"}"#, false), (#"{"value":123.5}"#, false), (#"{"value":"12abc"}"#, false),
        (#"{"value":-9223372036854775809}"#, false), (#"{"value":9.223372036854775807e18}"#, true), (#"{"value":"9223372036854775807"}"#, true),
        (#"{"value":1,"wide":18446744073709551615}"#, true), (#"{"value":1,"wide":"18446744073709551615"}"#, true),
        (#"{"value":1,"wide":"18446744073709551616"}"#, false), (#"{"value":1,"wide":-1}"#, false), (#"{"value":1,"wide":"-0"}"#, true),
        (#"{"value":1,"wide":1.8446744073709552e19}"#, false), (#"{"value":1,"wide":null}"#, true), (#"{"value":1,"wide":[1]}"#, false),
        (#"{"value":"NaN"}"#, false), (#"{"value":"Infinity"}"#, false), (#"{"value":-0.0}"#, true), (#"{"value":null}"#, false),
    ])
    func containerHelpersOnJSONDecoder(_ json: String, _ succeeds: Bool) {
        for decoder in [{ try JSONDecoder().decode(HandWritten.self, from: Data(json.utf8)) },
                        { try FlexibleJSONDecoder().decode(HandWritten.self, from: Data(json.utf8)) }] {
            switch Result(catching: decoder) {
            case .success: #expect(succeeds, "\(json) decoded")
            case .failure(let error):
                #expect(!succeeds, "\(json): \(error)")
                #expect(error is DecodingError)
            }
        }
    }

    /// Found by this suite: the `Double` fallback rounded `-9223372036854775809` to `Int.min` and accepted it.
    @Test(arguments: ["-9223372036854775809", "9223372036854775808", "9223372036854775807.5", "-9223372036854775808.5"])
    func helpersNeverRoundThroughDouble(_ number: String) {
        let json = Data("{\"value\":\(number)}".utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HandWritten.self, from: json) }
        #expect(throws: DecodingError.self) { try FlexibleJSONDecoder().decode(HandWritten.self, from: json) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Box<FlexibleInt<Int64>>.self, from: json) }
    }

    @Test func helpersKeepLargeIntegralNumbersExact() throws {
        let json = Data(#"{"value":9007199254740993.0,"wide":18446744073709551615.0}"#.utf8)
        for decoded in [try JSONDecoder().decode(HandWritten.self, from: json), try FlexibleJSONDecoder().decode(HandWritten.self, from: json)] {
            #expect(decoded.value == 9_007_199_254_740_993 && decoded.wide == .max)
        }
    }

    /// Found by this suite: a non-zero number that underflows `Float` (or a numeric string that underflows
    /// `Double`) became 0 instead of an error.
    @Test(arguments: ["1e-46", "4.9e-324", "1e-400", "\"1e-46\"", "\"1e-400\"", "\"-2.5e-999\""])
    func underflowToZeroIsAnError(_ json: String) {
        #expect(throws: DecodingError.self) { try flexible(Box<Float>.self, "{\"value\":\(json)}") }
    }

    @Test(arguments: ["\"1e-400\"", "\"4.9e-325\""])
    func doubleStringUnderflowIsAnError(_ json: String) {
        #expect(throws: DecodingError.self) { try flexible(Box<Double>.self, "{\"value\":\(json)}") }
    }

    @Test func smallestSubnormalsStillDecode() throws {
        #expect(try flexible(Box<Float>.self, #"{"value":1.5e-45}"#).value == .leastNonzeroMagnitude)
        #expect(try flexible(Box<Float>.self, #"{"value":"-0e-99"}"#).value == 0)
        #expect(try flexible(Box<Double>.self, #"{"value":"4.9e-324"}"#).value == .leastNonzeroMagnitude)
    }

    @Test func wideValuesKeepEveryDigitThroughTheHelpers() throws {
        let json = #"{"value":"-9223372036854775808","wide":"18446744073709551615"}"#
        let decoded = try JSONDecoder().decode(HandWritten.self, from: Data(json.utf8))
        #expect(decoded.value == .min && decoded.wide == .max)
    }

    // MARK: - Mutation fuzzing

    @Test func mutatedDocumentsNeverCrash() {
        let seeds = [
            #"{"userId":"123","name":"kim","tags":[1,"2",3.0],"nested":{"a":[{"b":null}],"c":"\u00e9\uD83D\uDE00"}}"#,
            #"[1e5,-0.5,"x",true,false,null,{"":{}},[[]]]"#,
        ]
        let alphabet = Array("{}[]\",:\\u0123456789eE.-+ \ttruefalsenull\u{0}".utf8) + [0xC3, 0xA9, 0xED, 0xFF, 0x80]
        var random = SplitMix64(seed: 0xF00D_CAFE)
        var outcomes = (values: 0, errors: 0)
        for _ in 0..<2_000 {
            var bytes = Array(seeds[Int(random.next() % UInt64(seeds.count))].utf8)
            for _ in 0..<(1 + random.next() % 5) {
                let position = Int(random.next() % UInt64(bytes.count + 1))
                switch random.next() % 3 {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: position)
                default: if position < bytes.count { bytes[position] = UInt8(truncatingIfNeeded: random.next()) }
                }
            }
            switch Result(catching: { try FlexibleJSONDecoder().decode(AnyJSON.self, from: Data(bytes)) }) {
            case .success: outcomes.values += 1
            case .failure(let error):
                outcomes.errors += 1
                #expect(error is DecodingError)
            }
        }
        #expect(outcomes.values > 0 && outcomes.errors > 0)
    }
}
