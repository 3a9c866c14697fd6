import Foundation
import Testing
import URLQueryCoding

/// One test per strategy case of the encoder.
@Suite struct URLQueryEncoderStrategyTests {
    typealias ArrayStrategy = URLQueryEncoder.ArrayEncodingStrategy
    typealias ObjectStrategy = URLQueryEncoder.ObjectEncodingStrategy

    @Test(arguments: [
        (ArrayStrategy.indexed, "tags[0]=a b&tags[1]=c", "tags%5B0%5D=a%20b&tags%5B1%5D=c"),
        (.bracketed, "tags[]=a b&tags[]=c", "tags%5B%5D=a%20b&tags%5B%5D=c"),
        (.repeated, "tags=a b&tags=c", "tags=a%20b&tags=c"),
        (.commaSeparated, "tags=a b,c", "tags=a%20b,c"),
        (.pipeDelimited, "tags=a b|c", "tags=a%20b%7Cc"),
        (.spaceDelimited, "tags=a%2Fb c", "tags=a%252Fb%20c"),
    ])
    func arrayStrategy(_ strategy: ArrayStrategy, items: String, wire: String) throws {
        let encoder = URLQueryEncoder(arrayEncodingStrategy: strategy)
        let value = Tagged(tags: strategy == .spaceDelimited ? ["a%2Fb", "c"] : ["a b", "c"])
        #expect(try unescaped(value, encoder) == items)
        #expect(try encoder.encodeQueryString(value) == wire)
    }

    @Test(arguments: ArrayStrategy.allCases)
    func emptyArrayWritesNothing(_ strategy: ArrayStrategy) throws {
        #expect(try URLQueryEncoder(arrayEncodingStrategy: strategy).encode(Tagged(tags: [])).isEmpty)
    }

    @Test(arguments: [
        (ObjectStrategy.brackets, "filter[ids][0]=1&user[age]=32&user[name]=kim"),
        (.dots, "filter.ids[0]=1&user.age=32&user.name=kim"),
        (.flattened, "ids[0]=1&age=32&name=kim"),
    ])
    func objectStrategy(_ strategy: ObjectStrategy, expected: String) throws {
        struct Model: Encodable {
            let user: User
            let filter: Filter.Inner
        }
        let encoder = URLQueryEncoder(objectEncodingStrategy: strategy)
        #expect(try unescaped(Model(user: User(name: "kim", age: 32), filter: .init(ids: [1])), encoder) == expected)
    }

    @Test func dotsKeepIndicesForArraysOfObjects() throws {
        let encoder = URLQueryEncoder(objectEncodingStrategy: .dots)
        #expect(try unescaped(Wrapper(value: [User(name: "a", age: 1)]), encoder) == "value[0].age=1&value[0].name=a")
        #expect(try encoder.encodeQueryString(Wrapper(value: [User(name: "a", age: 1)]))
            == "value%5B0%5D.age=1&value%5B0%5D.name=a")
    }

    struct CamelCase: Encodable {
        let userID: Int
        let myURLProperty: String
        let plain: String
        let nested: [String: String]
    }

    @Test(arguments: [
        ("useDefaultKeys", URLQueryEncoder.KeyEncodingStrategy.useDefaultKeys,
         "myURLProperty=u&nested[innerKey]=v&plain=p&userID=1"),
        ("convertToSnakeCase", .convertToSnakeCase,
         "my_url_property=u&nested[inner_key]=v&plain=p&user_id=1"),
        ("custom", .custom { $0.uppercased() },
         "MYURLPROPERTY=u&NESTED[INNERKEY]=v&PLAIN=p&USERID=1"),
    ])
    func keyStrategy(_ name: String, _ strategy: URLQueryEncoder.KeyEncodingStrategy, expected: String) throws {
        let value = CamelCase(userID: 1, myURLProperty: "u", plain: "p", nested: ["innerKey": "v"])
        #expect(try unescaped(value, URLQueryEncoder(keyEncodingStrategy: strategy)) == expected)
    }

    static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd HH:mm"
        return formatter
    }

    @Test(arguments: [
        ("iso8601WithFractionalSeconds", URLQueryEncoder.DateEncodingStrategy.iso8601WithFractionalSeconds, "2024-05-01T12:30:00.250Z"),
        ("iso8601", .iso8601, "2024-05-01T12:30:00Z"),
        ("secondsSince1970", .secondsSince1970, "1714566600.25"),
        ("millisecondsSince1970", .millisecondsSince1970, "1714566600250"),
        ("formatted", .formatted(formatter()), "2024/05/01 12:30"),
        ("custom", .custom { "day-\(Int($0.timeIntervalSince1970) / 86_400)" }, "day-19844"),
    ])
    func dateStrategy(_ name: String, _ strategy: URLQueryEncoder.DateEncodingStrategy, expected: String) throws {
        let date = Date(timeIntervalSince1970: 1_714_566_600.25)
        #expect(try unescaped(Wrapper(value: date), URLQueryEncoder(dateEncodingStrategy: strategy)) == "value=\(expected)")
    }

    @Test(arguments: [
        (Date(timeIntervalSince1970: 0), "1970-01-01T00:00:00.000Z"),
        (Date(timeIntervalSince1970: -0.001), "1969-12-31T23:59:59.999Z"),
        (Date(timeIntervalSince1970: 951_782_400), "2000-02-29T00:00:00.000Z"),
        (Date(timeIntervalSince1970: 1.123), "1970-01-01T00:00:01.123Z"),
        (Date(timeIntervalSince1970: 253_402_300_799.999), "9999-12-31T23:59:59.999Z"),
        (Date(timeIntervalSince1970: -62_135_596_800), "0001-01-01T00:00:00.000Z"),
    ])
    func iso8601EdgeDates(_ date: Date, expected: String) throws {
        #expect(try unescaped(Wrapper(value: date)) == "value=\(expected)")
    }

    @Test(arguments: [Date.distantFuture.addingTimeInterval(1e12), Date(timeIntervalSince1970: -1e12)])
    func datesOutsideISORangeThrow(_ date: Date) {
        #expect(throws: URLQueryEncoder.EncodingError.invalidValue(
            codingPath: [AnyKey("value")], reason: "the date is outside the years 1–9999 ISO-8601 can write"
        )) { try URLQueryEncoder().encode(Wrapper(value: date)) }
    }

    @Test(arguments: [
        (URLQueryEncoder.BoolEncodingStrategy.literal, "a=true&b=false"),
        (.numeric, "a=1&b=0"),
    ])
    func boolStrategy(_ strategy: URLQueryEncoder.BoolEncodingStrategy, expected: String) throws {
        #expect(try unescaped(["a": true, "b": false], URLQueryEncoder(boolEncodingStrategy: strategy)) == expected)
    }

    @Test(arguments: [
        ("base64", URLQueryEncoder.DataEncodingStrategy.base64, "+/8=", "%2B%2F8%3D"),
        ("base64URL", .base64URL, "-_8", "-_8"),
        ("custom", .custom { $0.map { String(format: "%02x", $0) }.joined() }, "fbff", "fbff"),
    ])
    func dataStrategy(_ name: String, _ strategy: URLQueryEncoder.DataEncodingStrategy, items: String, wire: String) throws {
        let encoder = URLQueryEncoder(dataEncodingStrategy: strategy)
        let value = Wrapper(value: Data([0xFB, 0xFF]))
        #expect(try unescaped(value, encoder) == "value=\(items)")
        #expect(try encoder.encodeQueryString(value) == "value=\(wire)")
    }

    @Test func naturalStrings() throws {
        struct Natural: Encodable {
            let decimal: Decimal
            let url: URL
            let uuid: UUID
            let double: Double
            let float: Float
            let big: UInt64
            let small: Int8
        }
        let value = Natural(
            decimal: Decimal(string: "12345678901234567890.125")!, url: URL(string: "https://x.dev/a?b=c")!,
            uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, double: 0.1, float: 1.5,
            big: .max, small: -128
        )
        #expect(try unescaped(value) == "big=18446744073709551615&decimal=12345678901234567890.125&double=0.1&float=1.5"
            + "&small=-128&url=https://x.dev/a?b=c&uuid=E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(try URLQueryEncoder().encodeQueryString(Wrapper(value: URL(string: "https://x.dev/a?b=c")!))
            == "value=https%3A%2F%2Fx.dev%2Fa%3Fb%3Dc")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteThrowsByDefault(_ value: Double) {
        #expect(throws: URLQueryEncoder.EncodingError.nonFiniteNumber(codingPath: [AnyKey("value")])) {
            try URLQueryEncoder().encode(Wrapper(value: value))
        }
        #expect(throws: URLQueryEncoder.EncodingError.nonFiniteNumber(codingPath: [AnyKey("value"), AnyKey(1)])) {
            try URLQueryEncoder().encode(Wrapper(value: [Float(1), Float(value)]))
        }
    }

    @Test(arguments: [(Double.nan, "NaN"), (.infinity, "Inf"), (-.infinity, "-Inf")])
    func nonFiniteConvertedToString(_ value: Double, expected: String) throws {
        let encoder = URLQueryEncoder(nonConformingFloatEncodingStrategy: .convertToString(
            positiveInfinity: "Inf", negativeInfinity: "-Inf", nan: "NaN"
        ))
        #expect(try unescaped(Wrapper(value: value), encoder) == "value=\(expected)")
    }

    @Test func userInfoReachesEncodeTo() throws {
        struct Reads: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(encoder.userInfo[AnyKey.info] as? String ?? "missing", forKey: AnyKey("v"))
            }
        }
        #expect(try unescaped(Reads(), URLQueryEncoder(userInfo: [AnyKey.info: "here"])) == "v=here")
    }
}

/// A free-form coding key for building expected coding paths.
struct AnyKey: CodingKey, Sendable {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init(_ int: Int) { stringValue = String(int); intValue = int }
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.init(intValue) }
    static let info = CodingUserInfoKey(rawValue: "info")!
}

/// Hand-written `encode(to:)`/`init(from:)` with nested containers and `superEncoder`, as class
/// hierarchies and custom layouts use them.
@Suite struct ManualContainerTests {
    class Base: Codable {
        var id: Int
        init(id: Int) { self.id = id }
    }

    final class Derived: Base {
        var name: String

        init(id: Int, name: String) {
            self.name = name
            super.init(id: id)
        }

        enum Keys: String, CodingKey { case name, range, list }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(name, forKey: .name)
            var range = container.nestedContainer(keyedBy: Keys.self, forKey: .range)
            try range.encode("inner", forKey: .name)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            var nested = list.nestedContainer(keyedBy: Keys.self)
            try nested.encode("x", forKey: .name)
            try super.encode(to: container.superEncoder())
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decode(String.self, forKey: .name)
            let range = try container.nestedContainer(keyedBy: Keys.self, forKey: .range)
            _ = try range.decode(String.self, forKey: .name)
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            _ = try list.decode(Int.self)
            try super.init(from: container.superDecoder())
        }
    }

    @Test func nestedContainersAndSuperEncoder() throws {
        let value = Derived(id: 7, name: "kim")
        #expect(try unescaped(value) == "list[0]=1&list[1][name]=x&name=kim&range[name]=inner&super[id]=7")
        let decoded = try URLQueryDecoder().decode(Derived.self, from: try URLQueryEncoder().encodeQueryString(value))
        #expect(decoded.id == 7 && decoded.name == "kim")
    }

    /// Collects weak references to objects handed to the encoder.
    final class EncoderCollector {
        var encoders: [() -> AnyObject?] = []

        func record(_ object: AnyObject) {
            encoders.append { [weak object] in object }  // a capture, not `weak let` (Swift 6.2 and later)
        }
    }

    /// A coding key that is an object: the encoder keeps the keys of nested values for their coding
    /// paths, so these are freed only when everything the encoder built for one call is.
    final class ObjectKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct Probe: Encodable {
        let collector: EncoderCollector

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ObjectKey.self)
            let inner = ObjectKey(stringValue: "inner"), base = ObjectKey(stringValue: "base")
            collector.record(inner)
            collector.record(base)
            var nested = container.nestedContainer(keyedBy: ObjectKey.self, forKey: inner)
            try nested.encode("v", forKey: ObjectKey(stringValue: "name"))
            try "w".encode(to: container.superEncoder(forKey: base))
        }
    }

    struct Holder: Encodable {
        let inner: [Probe]
    }

    @Test func encodersDoNotLeak() throws {
        let collector = EncoderCollector()
        let items = try URLQueryEncoder().encode(Holder(inner: [Probe(collector: collector)]))
        #expect(items.map { "\($0.name)=\($0.value ?? "")" } == ["inner[0][base]=w", "inner[0][inner][name]=v"])
        #expect(collector.encoders.count == 2)
        #expect(collector.encoders.allSatisfy { $0() == nil })
    }
}
