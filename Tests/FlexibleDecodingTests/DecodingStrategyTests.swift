import Foundation
import Testing
@testable import FlexibleDecoding

@Suite("Decoding strategies")
struct DecodingStrategyTests {
    static func iso8601(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    @Test(arguments: [
        ("2024-05-01T12:30:00Z", 0.0),
        ("2024-05-01T12:30:00.123Z", 0.123),
        ("2024-05-01T12:30:00.123456789Z", 0.123456789),
        ("2024-05-01t12:30:00z", 0.0),
        ("2024-05-01 12:30:00Z", 0.0),
        ("2024-05-01T21:30:00+09:00", 0.0),
        ("2024-05-01T21:30:00+0900", 0.0),
        ("2024-05-01T21:30:00+09", 0.0),
        ("2024-05-01T07:00:00-05:30", 0.0),
        ("2024-05-01T12:30Z", 0.0),
        ("2024-05-01T21:30:00.5+09:00", 0.5),
    ])
    func iso8601Forms(text: String, fraction: Double) throws {
        let date = try flexible(Box<Date>.self, #"{"value":"\#(text)"}"#) { $0.dateDecodingStrategy = .iso8601 }.value
        let expected = Self.iso8601(2024, 5, 1, 12, 30).addingTimeInterval(fraction)
        #expect(abs(date.timeIntervalSince1970 - expected.timeIntervalSince1970) < 1e-6)
    }

    @Test func iso8601AgreesWithFoundationAcrossYears() throws {
        let formatter = ISO8601DateFormatter()
        for text in ["1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2000-02-29T10:00:00Z", "1900-03-01T00:00:00Z",
                     "2100-12-31T23:59:59Z", "1600-01-01T00:00:00Z", "2024-02-29T00:00:00-01:00"] {
            let ours = try flexible(Box<Date>.self, #"{"value":"\#(text)"}"#) { $0.dateDecodingStrategy = .iso8601 }.value
            #expect(ours == formatter.date(from: text), "\(text)")
        }
    }

    /// ISO 8601 uses the proleptic Gregorian calendar; Foundation's formatter switches to Julian before 1582.
    @Test func earlyYearsAreProlepticGregorian() throws {
        let date = try flexible(Box<Date>.self, #"{"value":"0001-01-01T00:00:00Z"}"#) { $0.dateDecodingStrategy = .iso8601 }.value
        #expect(date.timeIntervalSince1970 == -62_135_596_800)
    }

    @Test func bareDateIsMidnightUTC() throws {
        let date = try flexible(Box<Date>.self, #"{"value":"2024-05-01"}"#) { $0.dateDecodingStrategy = .iso8601 }.value
        #expect(date == Self.iso8601(2024, 5, 1))
    }

    @Test(arguments: ["2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2024-05-01T24:00:00Z", "2024-05-01T12:60:00Z",
                      "2024-05-01T12:00:00", "2024-05-01T12:00:00.Z", "2024-5-1", "", "yesterday",
                      "2024-05-01T12:00:00Zjunk", "2024-05-01T12:00:00+25:00"])
    func invalidISO8601(text: String) {
        let failure = decodingFailure {
            _ = try flexible(Box<Date>.self, #"{"value":"\#(text)"}"#) { $0.dateDecodingStrategy = .iso8601 }
        }
        #expect(failure?.kind == .dataCorrupted)
        #expect(failure?.path == ["value"])
    }

    @Test func numericDateStrategies() throws {
        let seconds = try flexible(Box<Date>.self, #"{"value":1714566600}"#) { $0.dateDecodingStrategy = .secondsSince1970 }.value
        #expect(seconds == Self.iso8601(2024, 5, 1, 12, 30))
        let millis = try flexible(Box<Date>.self, #"{"value":"1714566600500"}"#) { $0.dateDecodingStrategy = .millisecondsSince1970 }.value
        #expect(millis == Self.iso8601(2024, 5, 1, 12, 30).addingTimeInterval(0.5))
        let deferred = try flexible(Box<Date>.self, #"{"value":0}"#).value
        #expect(deferred == Date(timeIntervalSinceReferenceDate: 0))
    }

    @Test func formattedAndCustomDates() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd"
        let formatted = try flexible(Box<Date>.self, #"{"value":"2024/05/01"}"#) { $0.dateDecodingStrategy = .formatted(formatter) }.value
        #expect(formatted == Self.iso8601(2024, 5, 1))
        let failure = decodingFailure { _ = try flexible(Box<Date>.self, #"{"value":"May 1"}"#) { $0.dateDecodingStrategy = .formatted(formatter) } }
        #expect(failure?.kind == .dataCorrupted)
        // Text on which Foundation's DateFormatter on Linux stops the process or leaks is a typed error too.
        for hostile in [#"2024/05/01\u0333"#, #"1\u0301"#, #"2024/05/01\r\n"#, #"2024\ud83d\ude00"#] {
            let refusal = decodingFailure {
                _ = try flexible(Box<Date>.self, #"{"value":"\#(hostile)"}"#) { $0.dateDecodingStrategy = .formatted(formatter) }
            }
            #expect(refusal?.kind == .dataCorrupted, "\(hostile)")
            #expect(refusal?.path == ["value"], "\(hostile)")
        }

        let custom = try flexible([Date].self, #"["x", "y"]"#) {
            $0.dateDecodingStrategy = .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                #expect(decoder.codingPath.count == 1)
                return Date(timeIntervalSince1970: text == "x" ? 1 : 2)
            }
        }
        #expect(custom.map(\.timeIntervalSince1970) == [1, 2])
    }

    @Test func dataStrategies() throws {
        #expect(try flexible(Box<Data>.self, #"{"value":"AQID"}"#).value == Data([1, 2, 3]))
        let failure = decodingFailure { _ = try flexible(Box<Data>.self, #"{"value":"not base64!"}"#) }
        #expect(failure?.kind == .dataCorrupted)
        #expect(failure?.path == ["value"])
        #expect(try flexible(Box<Data>.self, #"{"value":[1,"2",3]}"#) { $0.dataDecodingStrategy = .deferredToData }.value == Data([1, 2, 3]))
        let custom = try flexible(Box<Data>.self, #"{"value":"hi"}"#) {
            $0.dataDecodingStrategy = .custom { Data(try $0.singleValueContainer().decode(String.self).utf8) }
        }
        #expect(custom.value == Data("hi".utf8))
    }

    struct SnakeDTO: Decodable, Equatable {
        let userId: Int
        let profileImageUrl: String
        let _private: Bool
        let nested: Inner
        struct Inner: Decodable, Equatable { let createdAt: String }
    }

    @Test func convertFromSnakeCase() throws {
        let json = #"{"user_id":"7","profile_image_url":"u","_private":true,"nested":{"created_at":"t"}}"#
        let dto = try flexible(SnakeDTO.self, json) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        #expect(dto == SnakeDTO(userId: 7, profileImageUrl: "u", _private: true, nested: .init(createdAt: "t")))
    }

    @Test(arguments: ["user_id", "user__id", "_user_id_", "USER_ID", "userId", "user", "", "___", "a_b_c", "user_ID_x"])
    func snakeCaseConversionMatchesFoundation(key: String) throws {
        struct Keys: Decodable {
            let keys: [String]
            init(from decoder: any Decoder) throws {
                keys = try decoder.container(keyedBy: JSONCodingKey.self).allKeys.map(\.stringValue)
            }
        }
        let json = #"{"\#(key)":1}"#
        let foundationDecoder = JSONDecoder()
        foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try foundationDecoder.decode(Keys.self, from: Data(json.utf8)).keys
        #expect(try flexible(Keys.self, json) { $0.keyDecodingStrategy = .convertFromSnakeCase }.keys == expected)
    }

    /// `[String: V]` keys are data, not property names: like `JSONDecoder`, no key strategy rewrites them,
    /// while the properties of values inside still use it.
    @Test func stringKeyedDictionariesKeepTheirKeys() throws {
        struct Holder: Decodable, Equatable {
            let byName: [String: Inner]
            struct Inner: Decodable, Equatable { let createdAt: Int }
        }
        let json = #"{"by_name":{"user_id":{"created_at":"1"},"x_y":{"created_at":2},"user_id":{"created_at":3}}}"#
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let foundationJSON = json.replacingOccurrences(of: #""1""#, with: "1")
        let expected = try foundation.decode(Holder.self, from: Data(foundationJSON.utf8))
        #expect(expected.byName.keys.sorted() == ["user_id", "x_y"])
        let value = try flexible(Holder.self, json) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        #expect(value.byName.keys.sorted() == ["user_id", "x_y"])
        #expect(value.byName["user_id"] == .init(createdAt: 1))  // the first of a duplicated key wins
        #expect(try flexible([String: Int].self, #"{"a_b":1}"#) { $0.keyDecodingStrategy = .custom { _ in JSONCodingKey(stringValue: "z") } } == ["a_b": 1])
        #expect(try flexible([String: [String: Int]].self, #"{"a_b":{"c_d":1}}"#) { $0.keyDecodingStrategy = .convertFromSnakeCase } == ["a_b": ["c_d": 1]])
        let error = #expect(throws: DecodingError.self) {
            try flexible(Holder.self, #"{"by_name":{"user_id":{"created_at":"x"}}}"#) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        }
        if case .typeMismatch(_, let context)? = error {
            #expect(context.codingPath.map(\.stringValue) == ["byName", "user_id", "createdAt"])
        } else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
        }
    }

    @Test func customKeyStrategy() throws {
        let dto = try flexible(UserDTO.self, #"{"USERID":1,"NAME":"kim"}"#) {
            $0.keyDecodingStrategy = .custom { path in
                let last = path.last!.stringValue
                return JSONCodingKey(stringValue: last == "USERID" ? "userId" : last.lowercased())
            }
        }
        #expect(dto == UserDTO(userId: 1, name: "kim"))
    }

    @Test func userInfoReachesTypes() throws {
        struct ReadsUserInfo: Decodable {
            let tag: String?
            init(from decoder: any Decoder) throws { tag = decoder.userInfo[CodingUserInfoKey(rawValue: "tag")!] as? String }
        }
        let value = try flexible(ReadsUserInfo.self, "{}") { $0.userInfo[CodingUserInfoKey(rawValue: "tag")!] = "x" }
        #expect(value.tag == "x")
    }

    @Test func largeObjectsUseAHashedLookup() throws {
        let keys = (0..<200).map { "k\($0)" }
        let json = "{" + keys.enumerated().map { #""\#($1)":"\#($0)""# }.joined(separator: ",") + "}"
        let dictionary = try flexible([String: Int].self, json)
        #expect(dictionary.count == 200)
        #expect(dictionary["k199"] == 199)
    }

    @Test func duplicateKeysFirstWins() throws {
        #expect(try flexible(Box<Int>.self, #"{"value":1,"value":2}"#).value == 1)
    }

    @Test func escapedKeysMatch() throws {
        #expect(try flexible(UserDTO.self, #"{"user\u0049d":5,"n\u0061me":"x"}"#) == UserDTO(userId: 5, name: "x"))
    }
}
