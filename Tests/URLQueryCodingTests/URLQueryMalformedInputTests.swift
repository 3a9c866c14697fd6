import Foundation
import Testing
import URLQueryCoding

/// Hostile and boundary inputs for the query encoder and decoder: every one ends in a value or a typed
/// error, never a trap, a hang or a silently wrong value.
@Suite struct URLQueryMalformedInputTests {
    struct Numbers: Codable, Equatable {
        var int: Int
        var uint64: UInt64
        var double: Double
        var float: Float
        var int8: Int8
    }

    struct Decimals: Codable, Equatable {
        var value: Decimal
    }

    struct Doubles: Codable, Equatable {
        var value: Double
    }

    struct Ints: Codable, Equatable {
        var list: [Int]
    }

    struct OptionalInts: Codable, Equatable {
        var list: [Int?]
    }

    // MARK: - Numbers at the edges

    @Test(arguments: [
        Numbers(int: .min, uint64: .max, double: -0.0, float: .leastNonzeroMagnitude, int8: .min),
        Numbers(int: .max, uint64: 0, double: 1e308, float: .greatestFiniteMagnitude, int8: .max),
        Numbers(int: 0, uint64: 1, double: .leastNonzeroMagnitude, float: -0.0, int8: -1),
        Numbers(int: -1, uint64: UInt64(Int64.max) + 1, double: .greatestFiniteMagnitude, float: .leastNonzeroMagnitude * 2, int8: 0),
        Numbers(int: 7, uint64: 7, double: 0.1 + 0.2, float: 0.1, int8: 7),
    ])
    func boundaryNumbersRoundTripExactly(_ value: Numbers) throws {
        let query = try URLQueryEncoder().encodeQueryString(value)
        let decoded = try URLQueryDecoder().decode(Numbers.self, from: query)
        #expect(decoded == value)
        #expect(decoded.double.sign == value.double.sign, "the sign of -0.0 survives")
        #expect(decoded.float.sign == value.float.sign)
    }

    @Test(arguments: [
        "int=9223372036854775808", "int=-9223372036854775809", "int=99999999999999999999999",
        "int8=128", "int8=-129", "uint64=18446744073709551616", "uint64=-1", "int=1e3", "int=0x10", "int= 1",
        "int=", "int=1.0",
    ])
    func outOfRangeIntegersAreTypedErrors(_ piece: String) {
        let fields = ["int=1", "uint64=1", "double=1", "float=1", "int8=1"].filter { !$0.hasPrefix(piece.prefix { $0 != "=" } + "=") }
        let query = (fields + [piece]).joined(separator: "&")
        #expect(throws: DecodingError.self) { try URLQueryDecoder().decode(Numbers.self, from: query) }
    }

    @Test(arguments: ["1e999999", "-1e999999", "1e309", "nan", "NaN", "inf", "-inf", "Infinity", "0x1p3", "1e", "."])
    func nonFiniteOrMalformedDoublesAreTypedErrors(_ text: String) {
        #expect(throws: DecodingError.self) { try URLQueryDecoder().decode(Doubles.self, from: "value=\(text)") }
    }

    /// `Decimal` holds a 38-digit mantissa and an exponent of -128…127: anything it cannot hold must fail,
    /// not turn into NaN or a rounded number.
    @Test(arguments: ["1e999999", "-1e999999", "1e200", "1e-200", "nan", "1e"])
    func decimalsOutsideDecimalsRangeAreTypedErrors(_ text: String) {
        #expect(throws: DecodingError.self) { try URLQueryDecoder().decode(Decimals.self, from: "value=\(text)") }
    }

    @Test(arguments: ["0", "-0", "12.5", "1e10", "123456789012345678901234567890", "-0.000001"])
    func decimalsInRangeDecode(_ text: String) throws {
        let decoded = try URLQueryDecoder().decode(Decimals.self, from: "value=\(text)")
        #expect(decoded.value == Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(!decoded.value.isNaN)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteDoublesAreEncodingErrors(_ value: Double) {
        #expect(throws: URLQueryEncoder.EncodingError.self) { try URLQueryEncoder().encode(Doubles(value: value)) }
    }

    // MARK: - Array indices

    @Test(arguments: [
        "list[99999999999]=1", "list[9223372036854775807]=1", "list[9223372036854775808]=1",
        "list[-1]=1", "list[+1]=1", "list[01]=1", "list[1e3]=1", "list[0x1]=1", "list[ 1]=1",
    ])
    func hostileIndicesAreTypedErrors(_ query: String) {
        #expect(throws: DecodingError.self) { try URLQueryDecoder().decode(Ints.self, from: query) }
    }

    /// A caller who lifts the index limit all the way must still get an error, not an overflow trap in
    /// `highest + 1` or a terabyte allocation of empty slots (found by this suite: `list[9223372036854775807]=1`
    /// with `maximumArrayIndex: .max` trapped).
    @Test(arguments: ["list[9223372036854775807]=1", "list[9223372036854775806]=1", "list[4611686018427387904]=1"])
    func liftedIndexLimitNeverTrapsOrAllocatesTheIndex(_ query: String) {
        let decoder = URLQueryDecoder(maximumArrayIndex: .max)
        #expect(throws: DecodingError.self) { try decoder.decode(Ints.self, from: query) }
    }

    @Test func indexAtIntMaxIsRejectedEvenWithoutALimit() {
        let decoder = URLQueryDecoder(maximumArrayIndex: .max)
        #expect(throws: DecodingError.self) { try decoder.decode(OptionalInts.self, from: "list[9223372036854775807]=1") }
    }

    struct Grid: Codable, Equatable {
        var rows: [[Int?]]
    }

    /// `maximumArrayIndex` bounds one array; many arrays each at the limit would still multiply it into a
    /// huge allocation (2,000 pairs × 10,001 slots). The gaps of one query share the limit.
    @Test func gapsAcrossManyArraysShareTheLimit() {
        let query = (0..<2_000).map { "rows[\($0)][10000]=1" }.joined(separator: "&")
        #expect(throws: DecodingError.self) { try URLQueryDecoder().decode(Grid.self, from: query) }
    }

    @Test func denseNestedArraysAreNotCharged() throws {
        let query = (0..<200).flatMap { row in (0..<50).map { "rows[\(row)][\($0)]=\($0)" } }.joined(separator: "&")
        let grid = try URLQueryDecoder().decode(Grid.self, from: query)
        #expect(grid.rows.count == 200 && grid.rows.allSatisfy { $0 == (0..<50).map { $0 } })
    }

    @Test func sparseIndicesUnderTheLimitStillDecode() throws {
        let decoded = try URLQueryDecoder().decode(OptionalInts.self, from: "list[0]=1&list[3]=4")
        #expect(decoded.list == [1, nil, nil, 4])
    }

    @Test(arguments: ["list[]=1&list[0]=2", "list[0]=2&list[]=1", "list=1&list[0]=2", "list[0]=1&list[x]=2", "list[0]=1&list[0][a]=2"])
    func mixedArraySpellingsAreTypedErrors(_ query: String) {
        #expect(throws: DecodingError.self) { try URLQueryDecoder().decode(Ints.self, from: query) }
    }

    @Test func duplicateIndexIsATypedErrorNotALastWins() {
        // Two values for the same element: neither may be dropped silently.
        #expect(throws: DecodingError.self) { try URLQueryDecoder().decode(Ints.self, from: "list[0]=1&list[0]=2") }
    }

    @Test func duplicateScalarKeyIsATypedError() {
        #expect(throws: DecodingError.self) { try URLQueryDecoder().decode(Wrapper<Int>.self, from: "value=1&value=2") }
    }

    // MARK: - Escapes

    @Test(arguments: ["value=%", "value=a%", "value=%2", "value=%2G", "value=%G2", "%=1&value=a", "value=%%41",
                      "value=%FF", "value=%C3", "value=%ED%A0%80", "value=%C0%80", "value=%F4%90%80%80"])
    func malformedEscapesAndInvalidUTF8AreTypedErrors(_ query: String) {
        do {
            _ = try URLQueryDecoder().decode(Wrapper<String>.self, from: query)
            Issue.record("expected an error for \(query)")
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error else {
                Issue.record("expected dataCorrupted, got \(error)")
                return
            }
            #expect(context.underlyingError is PercentEncodingError)
        } catch {
            Issue.record("untyped error \(error)")
        }
    }

    @Test func plusIsAPlusInQueriesAndASpaceInFormBodies() throws {
        #expect(try URLQueryDecoder().decode(Wrapper<String>.self, from: "value=a+b").value == "a+b")
        #expect(try URLQueryDecoder(decodesPlusAsSpace: true).decode(Wrapper<String>.self, from: "value=a+b").value == "a b")
        #expect(try URLQueryDecoder().decode(Wrapper<String>.self, fromFormBody: Data("value=a+b%2B".utf8)).value == "a b+")
    }

    @Test func invalidUTF8FormBodyIsATypedError() {
        #expect(throws: DecodingError.self) {
            try URLQueryDecoder().decode(Wrapper<String>.self, fromFormBody: Data([0x76, 0x61, 0x6C, 0x75, 0x65, 0x3D, 0xFF]))
        }
    }

    // MARK: - Strings

    @Test(arguments: ["", "\0", "a\0b", "\u{7F}", "\u{FEFF}", "😀", "e\u{301}", "&=#[]+%? ", String(repeating: "x", count: 100_000),
                      String(repeating: "é&", count: 10_000), "\r\n", "\u{10FFFF}"])
    func anyStringRoundTripsThroughQueryAndForm(_ text: String) throws {
        let value = Wrapper(value: text)
        let query = try URLQueryEncoder().encodeQueryString(value)
        #expect(query.utf8.allSatisfy { PercentEncoding.AllowedCharacters.unreserved.contains($0) || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "&") })
        #expect(try URLQueryDecoder().decode(Wrapper<String>.self, from: query) == value)
        let form = try URLQueryEncoder().encodeFormBody(value)
        #expect(try URLQueryDecoder().decode(Wrapper<String>.self, fromFormBody: form) == value)
    }

    /// Keys with `=`, `&`, `%`, `+`, spaces or non-ASCII survive; keys with brackets (or dots under `.dots`)
    /// are ambiguous in the format itself and are not part of the round-trip promise.
    @Test func hostileKeysRoundTripAsDictionaryKeys() throws {
        let value = ["a=b": "3", "a&b": "4", "é": "5", "%41": "6", "+": "7", " ": "8", "#": "9", "a.b": "10"]
        let query = try URLQueryEncoder().encodeQueryString(value, rootKey: "d")
        #expect(try URLQueryDecoder().decode([String: String].self, from: query, rootKey: "d") == value)
    }

    struct Prefs: Codable, Equatable {
        var userPrefs: [String: Int]
        var displayName: String
    }

    /// The key strategies deliberately apply to dictionary keys too (documented on `keyEncodingStrategy`),
    /// so only keys in the strategy's own form round-trip: `darkMode` ↔ `dark_mode`. (`A_B` would come back
    /// as `aB`, as a property name would with `JSONEncoder`.)
    @Test func snakeCaseStrategiesRoundTripCamelCaseDictionaryKeys() throws {
        let value = Prefs(userPrefs: ["darkMode": 1, "plain": 5, "x1": 2, "userId": 3], displayName: "kim")
        let encoder = URLQueryEncoder(keyEncodingStrategy: .convertToSnakeCase)
        let decoder = URLQueryDecoder(keyDecodingStrategy: .convertFromSnakeCase)
        let query = try encoder.encodeQueryString(value)
        #expect(try decoder.decode(Prefs.self, from: query) == value, "\(query)")
    }

    // MARK: - Mutation fuzzing

    /// Random byte-level mutations of valid queries: only values or `DecodingError`s come out.
    @Test func mutatedQueriesNeverCrash() throws {
        let seeds = [
            try URLQueryEncoder().encodeQueryString(Params(user: User(name: "kim lee", age: 42), tags: ["a", "b&c", "é"])),
            try URLQueryEncoder().encodeQueryString(Filter(filter: .init(ids: [1, 2, 3]))),
            "list%5B0%5D=1&list%5B2%5D=3&user.name=x&a[b][c][]=1",
        ]
        let alphabet = Array("%[]&=.+,|0123456789aAfFzZ-~ é\0".utf8)
        var random = SeededGenerator(seed: 0x5EED_F00D)
        var outcomes = (values: 0, errors: 0)
        for _ in 0..<1_500 {
            var bytes = Array(seeds[Int.random(in: 0..<seeds.count, using: &random)].utf8)
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let position = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1: bytes.insert(alphabet[Int.random(in: 0..<alphabet.count, using: &random)], at: position)
                case 2 where position < bytes.count: bytes[position] = UInt8.random(in: 0...255, using: &random)
                default: bytes.insert(contentsOf: Array("[99999999]".utf8), at: position)
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            for strategy in URLQueryDecoder.ArrayDecodingStrategy.allCases {
                let decoder = URLQueryDecoder(arrayDecodingStrategy: strategy)
                do {
                    _ = try decoder.decode(Params.self, from: text)
                    outcomes.values += 1
                } catch is DecodingError {
                    outcomes.errors += 1
                }
                do {
                    _ = try decoder.decode([String: [String: [String]]].self, from: text)
                    outcomes.values += 1
                } catch is DecodingError {
                    outcomes.errors += 1
                }
                do {
                    _ = try decoder.decode(Filter.self, fromFormBody: Data(bytes))
                    outcomes.values += 1
                } catch is DecodingError {
                    outcomes.errors += 1
                }
            }
        }
        #expect(outcomes.values > 0 && outcomes.errors > 0)
    }
}

/// Text on which Foundation's `DateFormatter` on Linux stops the process (a parse ending inside a character of
/// several scalars) or leaks (a scalar outside the BMP left over): `.formatted` refuses it with a typed error.
/// FuzzURLQueryDecoder found both.
@Suite struct FormattedDateHostileTextTests {
    struct Dated: Codable { var when: Date }

    @Test(arguments: [
        "when=1%CC%B3",                                  // 1 + U+0333 COMBINING DOUBLE LOW LINE
        "when=2024%2F05%2F01%2012%3A30%CC%81",            // a date + U+0301
        "when=2024%2F05%2F01%2012%3A30%0D%0A",            // a date + CR LF
        "when=2024%F0%9F%98%80",                          // 2024 + U+1F600
        "when=20%D9%8C",                                  // the fuzzer's input: 20 + U+064C ARABIC DAMMATAN
    ])
    func refusedWithATypedError(_ query: String) {
        let decoder = URLQueryDecoder(dateDecodingStrategy: .formatted(URLQueryEncoderStrategyTests.formatter()))
        do {
            _ = try decoder.decode(Dated.self, from: query)
            Issue.record("\(query) decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["when"])
        } catch {
            Issue.record("\(query): \(error)")
        }
    }

    @Test func theSameDateWithoutTheMarkStillDecodes() throws {
        let decoder = URLQueryDecoder(dateDecodingStrategy: .formatted(URLQueryEncoderStrategyTests.formatter()))
        let decoded = try decoder.decode(Dated.self, from: "when=2024%2F05%2F01%2012%3A30")
        #expect(decoded.when == Date(timeIntervalSince1970: 1_714_566_600))
    }
}
