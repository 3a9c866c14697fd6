import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

@Suite("JSONValue", .loopback)
struct JSONValueTests {
    /// The decoders `JSONValue` must work with.
    enum DecoderKind: String, CaseIterable, CustomTestStringConvertible {
        case foundation, flexible, flexibleStrict, flexibleTruncating

        var testDescription: String { rawValue }

        func decode(_ text: String) throws -> JSONValue {
            let data = Data(text.utf8)
            switch self {
            case .foundation:
                return try JSONDecoder().decode(JSONValue.self, from: data)
            case .flexible:
                return try FlexibleJSONDecoder().decode(JSONValue.self, from: data)
            case .flexibleStrict:
                var decoder = FlexibleJSONDecoder()
                decoder.numberDecodingStrategy = .strict
                decoder.boolDecodingStrategy = .strict
                return try decoder.decode(JSONValue.self, from: data)
            case .flexibleTruncating:
                var decoder = FlexibleJSONDecoder()
                decoder.fractionalIntegerPolicy = .truncating
                return try decoder.decode(JSONValue.self, from: data)
            }
        }
    }

    /// JSON text → the exact value (compared with `==` and by `description`, which tells `1` from `1.0`
    /// and a number from a bool or a string).
    static let decodingTable: [(json: String, expected: JSONValue)] = [
        (#"{"a":1}"#, .object(["a": .number(.integer(1))])),
        (#"{"a":0}"#, ["a": 0]),
        (#"{"a":true}"#, .object(["a": .bool(true)])),
        (#"{"a":false}"#, ["a": false]),
        (#"{"a":"1"}"#, .object(["a": .string("1")])),
        (#"{"a":"true"}"#, ["a": "true"]),
        (#"{"a":"1.5"}"#, ["a": "1.5"]),
        (#"{"a":null}"#, .object(["a": .null])),
        ("null", .null),
        ("1.5", .number(.double(1.5))),
        ("-0.25", -0.25),
        ("-7", -7),
        ("9223372036854775807", .number(.integer(.max))),
        ("-9223372036854775808", .number(.integer(.min))),
        ("9223372036854775808", .number(.unsignedInteger(9_223_372_036_854_775_808))),
        ("18446744073709551615", .number(.unsignedInteger(.max))),
        ("18446744073709551616", .number(.double(18_446_744_073_709_551_616))),
        ("9007199254740993", .number(.integer(9_007_199_254_740_993))),
        (#""ü \"q\" \\ \n \u0001 😀""#, .string("ü \"q\" \\ \n \u{1} 😀")),
        ("[]", []),
        ("{}", [:]),
        (#"[1,"1",true,null,1.5,[],{}]"#, [1, "1", true, nil, 1.5, [], [:]]),
        (
            #"{"a":[1,{"b":[null,"x",{"c":18446744073709551615}]}],"d":{"e":false,"f":{"g":-1}},"snake_key":"k"}"#,
            .object([
                "a": [1, ["b": [nil, "x", ["c": .number(.unsignedInteger(.max))]]]],
                "d": ["e": false, "f": ["g": -1]],
                "snake_key": "k",
            ])
        ),
    ]

    @Test(arguments: DecoderKind.allCases, decodingTable)
    func decodesExactly(decoder: DecoderKind, row: (json: String, expected: JSONValue)) throws {
        let value = try decoder.decode(row.json)
        #expect(value == row.expected)
        #expect(value.description == row.expected.description)
    }

    @Test(arguments: DecoderKind.allCases)
    func integralNumbersWithFractionOrExponentKeepTheirValue(decoder: DecoderKind) throws {
        #expect(try decoder.decode("1e3") == 1000)
        #expect(try decoder.decode("2.0") == 2)
        #expect(try decoder.decode("2.0").intValue == 2)
        // A decoder that truncates fractions into integers must not turn 1.5 into 1.
        #expect(try decoder.decode("[1.5,-2.75]").description == "[1.5,-2.75]")
    }

    @Test(arguments: DecoderKind.allCases)
    func numbersBeyondDoubleAreTypedErrors(decoder: DecoderKind) {
        #expect(throws: (any Error).self) { try decoder.decode("1e400") }
        #expect(throws: (any Error).self) { try decoder.decode(#"{"a":[1e400]}"#) }
    }

    @Test func decodesInsideModelsThroughBothDecoders() throws {
        struct Event: Codable, Equatable {
            var id: Int
            var payload: JSONValue?
            var extras: [String: JSONValue]?
            var list: [JSONValue]?
        }
        let json = Data(#"{"id":"7","payload":{"n":"1","m":1},"extras":{"flag":true,"one":1},"list":[0,"0",false]}"#.utf8)
        let flexible = try FlexibleJSONDecoder().decode(Event.self, from: json)
        // FlexibleJSONDecoder converts "7" for the Int field, but the JSONValue fields keep what the JSON says.
        #expect(flexible == Event(id: 7, payload: ["n": "1", "m": 1], extras: ["flag": true, "one": 1], list: [0, "0", false]))
        #expect(flexible.extras?["one"]?.description == "1")
        let foundation = try JSONDecoder().decode(Event.self, from: Data(#"{"id":7,"payload":null}"#.utf8))
        #expect(foundation == Event(id: 7, payload: nil, extras: nil, list: nil))
    }

    @Test func foundationDoesNotConvertObjectKeys() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(JSONValue.self, from: Data(#"{"snake_key":{"inner_key":1}}"#.utf8)) == ["snake_key": ["inner_key": 1]])
    }

    @Test func flexibleKeyStrategiesDoNotRewriteObjectKeys() throws {
        var decoder = FlexibleJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        struct Wrapper: Decodable { let someValue: JSONValue }
        let wrapper = try decoder.decode(Wrapper.self, from: Data(#"{"some_value":{"snake_key":{"inner_key":[{"a_b":1}]}}}"#.utf8))
        #expect(wrapper.someValue == ["snake_key": ["inner_key": [["a_b": 1]]]])
    }

    @Test func flexibleDecoderBuildsFromTheParseTreeKeepingNumberText() throws {
        let value = try FlexibleJSONDecoder().decode(JSONValue.self, from: Data(#"[2.0,2,-0,1E2,"2"]"#.utf8))
        #expect(value.description == #"[2.0,2,0,100.0,"2"]"#)
        let error = #expect(throws: DecodingError.self) {
            try FlexibleJSONDecoder().decode([String: JSONValue].self, from: Data(#"{"a":[1,1e400]}"#.utf8))
        }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["a", "Index 1"])
    }

    @Test(arguments: [
        ("0", JSONNumber.integer(0)), ("-0", .integer(0)), ("-12", .integer(-12)),
        ("9223372036854775808", .unsignedInteger(9_223_372_036_854_775_808)), ("2.50", .double(2.5)),
        ("1e3", .double(1000)), ("1E-2", .double(0.01)), ("-0.5e+1", .double(-5)),
    ])
    func jsonNumberTextParses(text: String, expected: JSONNumber) throws {
        let number = try #require(JSONNumber(jsonText: text))
        #expect(number == expected)
        #expect(number.description == expected.description)
    }

    @Test(arguments: ["", "-", "+5", ".5", "05", "-01", "1.", "1.e2", "1e", "1e+", "0x10", "nan", "inf", "1e400", " 1", "1 ", "1_000"])
    func jsonNumberTextRejectsNonJSON(text: String) {
        #expect(JSONNumber(jsonText: text) == nil)
    }

    // MARK: Encoding

    static let encodingTable: [(value: JSONValue, json: String)] = [
        (nil, "null"),
        (true, "true"),
        (0, "0"),
        (.number(.integer(.max)), "9223372036854775807"),
        (.number(.integer(.min)), "-9223372036854775808"),
        (.number(.unsignedInteger(.max)), "18446744073709551615"),
        (1.5, "1.5"),
        ("a\"b", #""a\"b""#),
        ([1, "x", nil, [:]], #"[1,"x",null,{}]"#),
        (["b": [true], "a": ["c": 2.5]], #"{"a":{"c":2.5},"b":[true]}"#),
    ]

    @Test(arguments: encodingTable)
    func encodesTheSameJSON(value: JSONValue, json: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        #expect(String(decoding: data, as: UTF8.self) == json)
        #expect(value.description == json)
        for decoder in DecoderKind.allCases {
            let back = try decoder.decode(String(decoding: data, as: UTF8.self))
            #expect(back == value, "\(decoder)")
            #expect(back.description == value.description, "\(decoder)")
        }
    }

    @Test func nonFiniteNumbersFailToEncode() {
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(JSONValue.number(.double(.nan))) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(["a": JSONValue.number(.double(.infinity))] as JSONValue) }
    }

    // MARK: Literals, accessors, numbers

    @Test func literalsBuildTheExpectedCases() {
        let value: JSONValue = ["n": nil, "b": true, "i": 42, "d": 0.5, "s": "x", "a": [1], "o": ["k": "v"]]
        #expect(value == .object([
            "n": .null, "b": .bool(true), "i": .number(.integer(42)), "d": .number(.double(0.5)), "s": .string("x"),
            "a": .array([.number(.integer(1))]), "o": .object(["k": .string("v")]),
        ]))
        let repeated: JSONValue = ["k": 1, "k": 2]
        #expect(repeated == ["k": 2])
        #expect(JSONValue(UInt64.max) == .number(.unsignedInteger(.max)))
        #expect(JSONValue(UInt64(5)) == .number(.integer(5)))
        #expect(JSONNumber(UInt64(5)) == .integer(5))
        #expect(JSONValue(7) == 7)
        #expect(JSONValue("s") == "s")
        #expect(JSONValue(false) == false)
        let optional: JSONValue? = nil
        #expect(optional == Optional<JSONValue>.none)
    }

    @Test func accessorsReturnNilForOtherKinds() {
        let value: JSONValue = ["items": [["id": 7], "x", 2.5], "flag": true, "big": .number(.unsignedInteger(.max))]
        #expect(value["items"]?[0]?["id"]?.intValue == 7)
        #expect(value["items"]?[1]?.stringValue == "x")
        #expect(value["items"]?[2]?.doubleValue == 2.5)
        #expect(value["items"]?[2]?.intValue == nil)
        #expect(value["items"]?[3] == nil)
        #expect(value["items"]?[-1] == nil)
        #expect(value["missing"] == nil)
        #expect(value[0] == nil)
        #expect(value["items"]?["id"] == nil)
        #expect(value["flag"]?.boolValue == true)
        #expect(value["flag"]?.intValue == nil)
        #expect(value["flag"]?.stringValue == nil)
        #expect(JSONValue(1).boolValue == nil)
        #expect(JSONValue("1").intValue == nil)
        #expect(value["big"]?.intValue == nil)
        #expect(value["big"]?.numberValue?.int64Value == nil)
        #expect(value["big"]?.numberValue?.uint64Value == .max)
        #expect(value["items"]?.arrayValue?.count == 3)
        #expect(value.objectValue?.keys.sorted() == ["big", "flag", "items"])
        #expect(JSONValue.null == .null)
        #expect(JSONValue.string("null") != .null)
        #expect(JSONValue(-1).numberValue?.uint64Value == nil)
        #expect(JSONValue(3).numberValue == .integer(3))
    }

    @Test func numbersCompareAndHashByValue() {
        #expect(JSONNumber.integer(1) == .double(1.0))
        #expect(JSONNumber.unsignedInteger(5) == .integer(5))
        #expect(JSONNumber.double(9_223_372_036_854_775_808) == .unsignedInteger(9_223_372_036_854_775_808))
        #expect(JSONNumber.integer(1) != .double(1.5))
        #expect(JSONNumber.integer(.max) != .double(Double(Int64.max)))  // the Double is 2^63, one more
        #expect(Set<JSONValue>([1, 1.0, .number(.unsignedInteger(1)), "1", true]).count == 3)
        #expect(JSONNumber.double(2.5).isIntegral == false)
        #expect(JSONNumber.double(1e20).isIntegral)
        #expect(JSONNumber.double(.infinity).isIntegral == false)
        #expect(JSONNumber.double(1e20).uint64Value == nil)
        #expect(JSONNumber.integer(-3).int64Value == -3)
    }

    @Test func descriptionIsCompactSortedJSON() throws {
        let value: JSONValue = ["b": [1, 2.5, "x\"y\\\n\u{1}\t/", nil, true], "a": [:], "é": []]
        #expect(value.description == #"{"a":{},"b":[1,2.5,"x\"y\\\n\u0001\t/",null,true],"é":[]}"#)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(value.description.utf8)) == value)
        #expect("\(JSONValue.number(.unsignedInteger(.max)))" == "18446744073709551615")
    }

    @Test func convertsToAndFromTypedValues() throws {
        struct Order: Codable, Equatable {
            var item: String
            var quantity: Int
            var id: UInt64
        }
        let order = Order(item: "book", quantity: 3, id: .max)
        let value = try JSONValue(encoding: order)
        #expect(value == ["item": "book", "quantity": 3, "id": .number(.unsignedInteger(.max))])
        #expect(try value.decode(Order.self) == order)
        #expect(throws: DecodingError.self) { try JSONValue.string("x").decode(Order.self) }
    }

    // MARK: Query strings

    struct Search: Encodable {
        var filter: JSONValue
        var extra: JSONValue?
        var page: Int
    }

    @Test func encodesAsQueryValues() throws {
        let search = Search(filter: ["ids": [1, 2], "q": "kim lee", "active": true, "skip": nil], extra: nil, page: 1)
        #expect(try URLQueryEncoder().encodeQueryString(search)
            == "filter%5Bactive%5D=true&filter%5Bids%5D%5B0%5D=1&filter%5Bids%5D%5B1%5D=2&filter%5Bq%5D=kim%20lee&page=1")
        let items = try URLQueryEncoder().encode(Search(filter: "plain", extra: .number(.unsignedInteger(.max)), page: 2))
        #expect(items == [
            URLQueryItem(name: "extra", value: "18446744073709551615"),
            URLQueryItem(name: "filter", value: "plain"),
            URLQueryItem(name: "page", value: "2"),
        ])
    }

    @Test func queryEncodingRejectsWhatTheFormatCannotSay() {
        let nested = Search(filter: [[1, 2], [3]], page: 1)
        #expect(throws: URLQueryEncoder.EncodingError.self) {
            try URLQueryEncoder(arrayEncodingStrategy: .repeated).encode(nested)
        }
        #expect(throws: URLQueryEncoder.EncodingError.self) {
            try URLQueryEncoder().encode(Search(filter: ["x": .number(.double(.nan))], page: 1))
        }
        #expect(throws: URLQueryEncoder.EncodingError.unsupportedTopLevelValue) {
            try URLQueryEncoder().encode(JSONValue.array([1]))
        }
    }

    // MARK: Over the wire

    struct GetEventResponse: Codable, Sendable, Equatable {
        var id: String
        var payload: JSONValue?
        var attributes: [String: JSONValue]?
    }

    struct PostEventRequest: APIDefinition {
        typealias APIResponse = GetEventResponse
        var event: JSONValue
        var method: HTTPMethod { .post }
        var path: EndpointPath { "/events" }
        var body: RequestBody? { .json(event) }
    }

    @Test(arguments: TransportKind.available)
    func roundTripThroughNetworkClientAndMockWebServer(over transport: TransportKind) async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        server.enqueue(.json(#"{"id":"e1","payload":{"n":18446744073709551615,"tags":["a",1,true,null],"s":"1"},"attributes":{"x":1.5}}"#))
        let client = NetworkClient(baseURL: server.url("/api"), configuration: .init(transport: transport.make()))
        let event: JSONValue = ["kind": "order", "count": .number(.integer(.max)), "meta": ["ok": true, "none": nil]]
        let response = try await client.send(PostEventRequest(event: event))
        #expect(response.id == "e1")
        #expect(response.payload == ["n": .number(.unsignedInteger(.max)), "tags": ["a", 1, true, nil], "s": "1"])
        #expect(response.payload?["tags"]?[2]?.boolValue == true)
        #expect(response.attributes?["x"]?.doubleValue == 1.5)
        let recorded = try await server.takeRequest()
        #expect(try recorded.decodeBody(JSONValue.self) == event)
        #expect(String(decoding: recorded.body, as: UTF8.self).contains("9223372036854775807"))
    }
}
