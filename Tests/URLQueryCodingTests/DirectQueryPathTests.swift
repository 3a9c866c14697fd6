import Foundation
import Testing
import URLQueryCoding

/// The direct path for `URLQueryWritable` values against the `Encodable` path: for every model and
/// every combination of strategies, the same bytes or the same error, for query strings and form
/// bodies, with and without a root key. Rows marked `direct` must be written by the direct path under
/// the configurations it serves, so the fast path is known to be taken.
@Suite struct DirectQueryPathTests {
    /// One model, encoded through the public method, the direct path alone, `Encodable` alone, and as
    /// a value of a type that is not writable.
    struct Model: Sendable, CustomTestStringConvertible {
        let name: String
        /// Whether the direct path writes it whenever the configuration is one it serves.
        let direct: Bool
        let run: @Sendable (URLQueryEncoder, _ rootKey: String?, _ spaceAsPlus: Bool) -> Outcome

        init<T: URLQueryWritable & Sendable>(_ name: String, direct: Bool = true, _ value: T) {
            self.name = name
            self.direct = direct
            run = { encoder, rootKey, spaceAsPlus in
                if spaceAsPlus {
                    let body = { (data: Data) in String(decoding: data, as: UTF8.self) }
                    return Outcome(
                        publicAnswer: Result { body(try encoder.encodeFormBody(value, rootKey: rootKey)) },
                        existentialAnswer: Result { body(try Self.formBodyOfAnyEncodable(encoder, value, rootKey: rootKey)) },
                        directOnly: encoder.encodeQueryStringDirectly(value, rootKey: rootKey, spaceAsPlus: true),
                        encodable: Result { body(try encoder.encodeFormBodyThroughEncodable(value, rootKey: rootKey)) },
                        wrapped: Result { body(try encoder.encodeFormBody(NotWritable(value: value), rootKey: rootKey)) }
                    )
                }
                return Outcome(
                    publicAnswer: Result { try encoder.encodeQueryString(value, rootKey: rootKey) },
                    existentialAnswer: Result { try Self.queryStringOfAnyEncodable(encoder, value, rootKey: rootKey) },
                    directOnly: encoder.encodeQueryStringDirectly(value, rootKey: rootKey),
                    encodable: Result { try encoder.encodeQueryStringThroughEncodable(value, rootKey: rootKey) },
                    wrapped: Result { try encoder.encodeQueryString(NotWritable(value: value), rootKey: rootKey) }
                )
            }
        }

        var testDescription: String { name }

        /// `encodeQueryString` called where `T` is only known to be `Encodable` (as Courier's client calls
        /// it): the conformance is found at run time.
        static func queryStringOfAnyEncodable<T: Encodable>(_ encoder: URLQueryEncoder, _ value: T, rootKey: String?) throws -> String {
            try encoder.encodeQueryString(value, rootKey: rootKey)
        }

        static func formBodyOfAnyEncodable<T: Encodable>(_ encoder: URLQueryEncoder, _ value: T, rootKey: String?) throws -> Data {
            try encoder.encodeFormBody(value, rootKey: rootKey)
        }
    }

    /// What each way of encoding answered.
    struct Outcome {
        let publicAnswer: Result<String, any Error>
        let existentialAnswer: Result<String, any Error>
        let directOnly: String?
        let encodable: Result<String, any Error>
        let wrapped: Result<String, any Error>
    }

    static let models: [Model] = [
        Model("flat", WFlat(id: 123_456, name: "Kim Lee", email: "kim+test@example.com", active: true, score: 4.75,
                            query: "red shoes & socks", sort: "-created_at", page: 3)),
        Model("nested", WNested(
            query: "50% off [today] #deals",
            filter: WFilter(tags: ["new", "on sale", "café", "a+b", "x=y", "a,b|c d"], categories: [3, 14, -15, 92],
                            price: WRange(min: 10, max: 249.99), since: Date(timeIntervalSince1970: 1_714_566_600.25), until: nil),
            sort: ["price", "-rating"], page: WRange(min: 1, max: 2))),
        Model("scalar arrays only", WFilter(tags: ["a", "b c"], categories: [], price: WRange(min: 0, max: 1e300),
                                            since: Date(timeIntervalSince1970: 0), until: Date(timeIntervalSince1970: -1.5))),
        Model("arrays of objects", WOrder(
            items: (0..<12).map { WItem(id: $0 * 37, name: $0 % 3 == 0 ? "gift & card #\($0)" : "item-\($0)", quantity: $0 % 4 == 0 ? nil : $0,
                                        active: $0 % 2 == 0) },
            maybe: [WItem(id: 1, name: "x", quantity: 2, active: false)], holes: [nil, WItem(id: 9, name: "ü", quantity: nil, active: true), nil],
            note: "n")),
        Model("uniform arrays of objects", WOrder(
            items: (0..<3).map { WItem(id: $0, name: "n\($0)", quantity: $0, active: true) }, maybe: nil, holes: [], note: nil)),
        Model("only nil holes", WOrder(items: [], maybe: [], holes: [nil, nil], note: "z")),
        Model("every scalar and fallback fields", WEverything(
            text: "tëxt & more", number: nil, numbers: [1, -2, .max, .min], gaps: [nil, "a", nil, "b b"], small: -128, big: .max, wide: .min,
            unsigned: 4_000_000_000, ratio: 0.1, price: Decimal(string: "12.50")!, link: URL(string: "https://example.com/a?b=c&d")!,
            uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, blob: Data([0xFB, 0xFF, 0x00, 0x3E]),
            when: Date(timeIntervalSince1970: 1_714_566_600.999), color: .unknown("mauve & teal"), colors: [.red, .green],
            table: ["zeta": 1, "alpha": 2, "a b": 3], grid: [[1, 2], [], [3]], plain: WPlainChild(b: 2, a: ["x", "y"]),
            child: WRange(min: -0.0, max: 3))),
        Model("fallback fields absent", WEverything(
            text: nil, number: 5, numbers: nil, gaps: [], small: 0, big: 0, wide: 0, unsigned: 0, ratio: .greatestFiniteMagnitude,
            price: 0, link: URL(string: "file:///tmp/a%20b")!, uuid: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
            blob: Data(), when: Date(timeIntervalSinceReferenceDate: 0), color: .red, colors: nil, table: [:], grid: [],
            plain: nil, child: nil)),
        Model("keys to escape and non-ASCII keys", WOddKeys(
            plain: "p", spaced: "s p", accented: 1, bracketed: [1, 2], camelCaseKey: "c1", camel_case: "c2", zA: false,
            emoji: WRange(min: 1, max: 2))),
        Model("recursive", WLinked(depth: 30)),
        Model("empty objects and arrays", WEmpties(nothing: WNothing(), list: [], objects: [], nothings: [], name: "n")),
        Model("only empty objects", WNothing()),
        Model("array of empty objects", WEmpties(nothing: WNothing(), list: [1], objects: [], nothings: [WNothing(), WNothing()], name: "")),
        Model("twins", WTwins(first: 1, second: 2)),
        Model("custom scalars", WTagged(after: 3, maybe: nil, tag: WTag(name: "a b"), tags: [WTag(name: "x"), WTag(name: "&")])),
        Model("custom scalars, all set", WTagged(after: -1, maybe: WTag(name: "m"), tag: WTag(name: ""), tags: [])),
        // Values the direct path hands to `Encodable` on purpose.
        Model("NaN", direct: false, WRange(min: .nan, max: 1)),
        Model("infinity deep inside", direct: false, WNested(
            query: "q", filter: WFilter(tags: [], categories: [], price: WRange(min: 0, max: -.infinity), since: Date(), until: nil),
            sort: [], page: nil)),
        Model("date outside ISO-8601", direct: false, WFilter(tags: [], categories: [], price: WRange(min: 0, max: 1),
                                                              since: Date(timeIntervalSince1970: -1e12), until: nil)),
        Model("nesting too deep", direct: false, WLinked(depth: 150)),
        Model("writeQueryFields skips a field", direct: false, WMiscounted(a: 1, b: "two", c: true, fault: .skip)),
        Model("writeQueryFields writes a field twice", direct: false, WMiscounted(a: 1, b: "two", c: true, fault: .twice)),
        Model("writeQueryField writes two values", direct: false, WFieldTwice(b: "x", a: 2)),
    ]

    /// Every array strategy × object strategy × key strategy, with the other strategies varied along.
    static let configurations: [String] = {
        var names: [String] = []
        for arrays in URLQueryEncoder.ArrayEncodingStrategy.allCases {
            for objects in URLQueryEncoder.ObjectEncodingStrategy.allCases {
                for keys in ["default", "snake", "custom", "collide"] {
                    names.append("\(arrays)/\(objects)/\(keys)")
                }
            }
        }
        return names
    }()

    /// The encoder for a name from `configurations`; `variant` picks the date, bool, data and float strategies.
    static func encoder(_ name: String, variant: Int) -> URLQueryEncoder {
        let parts = name.split(separator: "/").map(String.init)
        var encoder = URLQueryEncoder()
        encoder.arrayEncodingStrategy = URLQueryEncoder.ArrayEncodingStrategy.allCases.first { "\($0)" == parts[0] }!
        encoder.objectEncodingStrategy = URLQueryEncoder.ObjectEncodingStrategy.allCases.first { "\($0)" == parts[1] }!
        switch parts[2] {
        case "snake": encoder.keyEncodingStrategy = .convertToSnakeCase
        case "custom": encoder.keyEncodingStrategy = .custom { "K-" + $0.uppercased() }
        case "collide": encoder.keyEncodingStrategy = .custom { $0.hasPrefix("fir") || $0.hasPrefix("sec") ? "same" : $0 }
        default: break
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let dates: [URLQueryEncoder.DateEncodingStrategy] = [
            .iso8601WithFractionalSeconds, .iso8601, .secondsSince1970, .millisecondsSince1970, .formatted(formatter),
            .custom { date in
                if date.timeIntervalSince1970 < 0 { throw CustomFailure(reason: "before 1970") }
                return "d:\(date.timeIntervalSince1970)"
            },
        ]
        encoder.dateEncodingStrategy = dates[variant % dates.count]
        encoder.boolEncodingStrategy = variant % 2 == 0 ? .literal : .numeric
        let datas: [URLQueryEncoder.DataEncodingStrategy] = [.base64, .base64URL, .custom { "\($0.count) bytes" }]
        encoder.dataEncodingStrategy = datas[variant % datas.count]
        encoder.nonConformingFloatEncodingStrategy = variant % 4 == 3
            ? .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "not a number") : .throw
        return encoder
    }

    struct CustomFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { "custom failure: \(reason)" }
    }

    /// The same answer: equal strings, or errors that describe themselves alike (and are equal when
    /// both are `EncodingError`s).
    static func same(_ lhs: Result<String, any Error>, _ rhs: Result<String, any Error>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let a), .success(let b)):
            return a == b
        case (.failure(let a), .failure(let b)):
            if let a = a as? URLQueryEncoder.EncodingError, let b = b as? URLQueryEncoder.EncodingError {
                return a == b && a.description == b.description
            }
            return String(describing: a) == String(describing: b)
        default:
            return false
        }
    }

    /// Whether the direct path serves this configuration at all (`.flattened` objects and the delimited
    /// array strategies always take the `Encodable` path).
    static func served(_ encoder: URLQueryEncoder) -> Bool {
        guard encoder.objectEncodingStrategy != .flattened else { return false }
        switch encoder.arrayEncodingStrategy {
        case .indexed, .bracketed, .repeated: return true
        case .commaSeparated, .pipeDelimited, .spaceDelimited: return false
        }
    }

    @Test(arguments: models, [false, true])
    func directPathGivesTheEncodablePathsAnswer(_ model: Model, _ spaceAsPlus: Bool) {
        for (index, name) in Self.configurations.enumerated() {
            for rootKey in [nil, "root", "", "r k[&]"] as [String?] {
                let encoder = Self.encoder(name, variant: index + (rootKey?.utf8.count ?? 0))
                let outcome = model.run(encoder, rootKey, spaceAsPlus)
                let context = "\(name) rootKey \(rootKey ?? "nil") plus \(spaceAsPlus)"
                #expect(Self.same(outcome.publicAnswer, outcome.encodable), "\(context)")
                #expect(Self.same(outcome.existentialAnswer, outcome.encodable), "\(context)")
                #expect(Self.same(outcome.wrapped, outcome.encodable), "\(context)")
                if let direct = outcome.directOnly {
                    #expect(Self.same(.success(direct), outcome.encodable), "\(context)")
                    #expect(Self.served(encoder), "\(context)")
                }
            }
        }
    }

    /// Under the default strategies (and the other served ones, on values with no array of objects)
    /// the direct path writes the value itself.
    @Test(arguments: models)
    func directPathIsTaken(_ model: Model) {
        let outcome = model.run(URLQueryEncoder(), nil, false)
        #expect((outcome.directOnly != nil) == model.direct)
        let dots = model.run(URLQueryEncoder(objectEncodingStrategy: .dots, keyEncodingStrategy: .convertToSnakeCase), "q", true)
        #expect((dots.directOnly != nil) == model.direct)
    }

    /// Conformances with their names sorted (httpidl's) are written with one `writeQueryFields` call
    /// whenever the key strategy keeps that order, and with one `writeQueryField` call per field
    /// otherwise; both are checked against `Encodable` above, under every configuration.
    @Test func sortedConformancesAreWrittenInOneCall() {
        #expect(WFlat.queryFieldNames == WFlat.queryFieldNames.sorted())
        #expect(WOddKeys.queryFieldNames == WOddKeys.queryFieldNames.sorted())
        let encoder = URLQueryEncoder()
        #expect(encoder.writesFieldsInOneCall(WFlat.self))
        #expect(encoder.writesFieldsInOneCall(WOrder.self))
        #expect(encoder.writesFieldsInOneCall(WItem.self))
        #expect(encoder.writesFieldsInOneCall(WTagged.self))
        #expect(encoder.writesFieldsInOneCall(WOddKeys.self))
        // Declaration order, and a conformance without `writeQueryFields` (its default calls `writeQueryField`).
        #expect(!encoder.writesFieldsInOneCall(WFilter.self))
        #expect(encoder.writesFieldsInOneCall(WTwins.self))
        #expect(encoder.encodeQueryStringDirectly(WTwins(first: 1, second: 2)) == "first=1&second=2")
        // `camelCaseKey` sorts before `camel_case`; snake-cased, `camel_case_key` sorts after it.
        let snake = URLQueryEncoder(keyEncodingStrategy: .convertToSnakeCase)
        #expect(!snake.writesFieldsInOneCall(WOddKeys.self))
        #expect(snake.writesFieldsInOneCall(WFlat.self))
        let custom = URLQueryEncoder(keyEncodingStrategy: .custom { $0 == "active" ? "z" : $0 })
        #expect(!custom.writesFieldsInOneCall(WFlat.self))
        #expect(custom.encodeQueryStringDirectly(WFlat(id: 1, name: "n", email: "e", active: false, score: 2, query: "q", sort: "s", page: 3))
            == "email=e&id=1&name=n&page=3&query=q&score=2.0&sort=s&z=false")
    }

    @Test func directPathOutputIsTheDocumentedForm() throws {
        let value = WNested(
            query: "a b", filter: WFilter(tags: ["x"], categories: [1], price: WRange(min: 1, max: 2.5), since: Date(timeIntervalSince1970: 0),
                                          until: nil),
            sort: ["s"], page: nil)
        let encoder = URLQueryEncoder()
        #expect(encoder.encodeQueryStringDirectly(value) == "filter%5Bcategories%5D%5B0%5D=1&filter%5Bprice%5D%5Bmax%5D=2.5"
            + "&filter%5Bprice%5D%5Bmin%5D=1.0&filter%5Bsince%5D=1970-01-01T00%3A00%3A00.000Z&filter%5Btags%5D%5B0%5D=x"
            + "&query=a%20b&sort%5B0%5D=s")
        let bracketed = URLQueryEncoder(arrayEncodingStrategy: .bracketed, objectEncodingStrategy: .dots)
        #expect(bracketed.encodeQueryStringDirectly(WFilter(tags: ["x", "y"], categories: [], price: WRange(min: 0, max: 1),
                                                            since: Date(timeIntervalSince1970: 0), until: nil), rootKey: "f")
            == "f.price.max=1.0&f.price.min=0.0&f.since=1970-01-01T00%3A00%3A00.000Z&f.tags%5B%5D=x&f.tags%5B%5D=y")
    }

    @Test func arraysOfObjectsUnderBracketedTakeTheRailsForm() throws {
        let order = WOrder(items: [WItem(id: 1, name: "x", quantity: nil, active: true), WItem(id: 2, name: "y", quantity: 3, active: false)],
                           maybe: nil, holes: [], note: nil)
        let encoder = URLQueryEncoder(arrayEncodingStrategy: .bracketed)
        #expect(encoder.encodeQueryStringDirectly(order) == nil)
        #expect(try encoder.encodeQueryString(order) == "items%5B%5D%5Bactive%5D=true&items%5B%5D%5Bid%5D=1&items%5B%5D%5Bname%5D=x"
            + "&items%5B%5D%5Bactive%5D=false&items%5B%5D%5Bid%5D=2&items%5B%5D%5Bname%5D=y&items%5B%5D%5Bquantity%5D=3")
    }

    /// Every ASCII byte, and bytes of multi-byte characters, escaped by the direct path's tables as
    /// `PercentEncoding` escapes a component (query: space as `%20`; form: space as `+`).
    @Test func everyByteIsEscapedAsPercentEncodingSays() throws {
        let encoder = URLQueryEncoder()
        let texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["é", "漢", "😀", "a b+c"]
        for text in texts {
            let flat = WFlat(id: 1, name: text, email: "", active: true, score: 0, query: "", sort: "", page: 1)
            let query = "active=true&email=&id=1&name=\(PercentEncoding.encodeQueryComponent(text))&page=1&query=&score=0.0&sort="
            let form = "active=true&email=&id=1&name=\(PercentEncoding.encodeFormComponent(text))&page=1&query=&score=0.0&sort="
            #expect(encoder.encodeQueryStringDirectly(flat) == query, "\(text.unicodeScalars.map(\.value))")
            #expect(encoder.encodeQueryStringDirectly(flat, spaceAsPlus: true) == form, "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// Integers as `String(value)` writes them at every change of digit count (both paths count digits
    /// from the bit length now, so they are checked against the standard library, not each other),
    /// element indices past 9, 99 and 999, and ISO-8601 dates at the edges of the years and milliseconds.
    @Test func integersIndicesAndDatesMatchTheirTextForms() throws {
        var values: [Int] = [0, 1, 9, .max, .min, .min + 1, .max - 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, 1 - power, -power, -power - 1]
        }
        let encoder = URLQueryEncoder()
        for value in values {
            let flat = WFlat(id: value, name: "", email: "", active: true, score: 0, query: "", sort: "", page: value)
            let expected = "active=true&email=&id=\(value)&name=&page=\(value)&query=&score=0.0&sort="
            #expect(encoder.encodeQueryStringDirectly(flat) == expected, "\(value)")
            #expect(try encoder.encodeQueryStringThroughEncodable(flat) == expected, "\(value)")
        }
        let items = (0..<1_001).map { WItem(id: $0 * 7, name: "n", quantity: nil, active: true) }
        let expected = (0..<1_001).map { "items%5B\($0)%5D%5Bactive%5D=true&items%5B\($0)%5D%5Bid%5D=\($0 * 7)&items%5B\($0)%5D%5Bname%5D=n" }
            .joined(separator: "&")
        #expect(encoder.encodeQueryStringDirectly(WOrder(items: items, maybe: nil, holes: [], note: nil)) == expected)
        let dates: [(Double, String)] = [
            (0, "1970-01-01T00%3A00%3A00.000Z"), (-0.25, "1969-12-31T23%3A59%3A59.750Z"),
            (1_714_566_600.25, "2024-05-01T12%3A30%3A00.250Z"), (951_825_599.5, "2000-02-29T11%3A59%3A59.500Z"),
            (-62_135_596_800, "0001-01-01T00%3A00%3A00.000Z"), (253_402_300_799.5, "9999-12-31T23%3A59%3A59.500Z"),
        ]
        let seconds = URLQueryEncoder(dateEncodingStrategy: .iso8601)
        for (time, text) in dates {
            let filter = WFilter(tags: [], categories: [], price: WRange(min: 0, max: 0), since: Date(timeIntervalSince1970: time), until: nil)
            let prefix = "price%5Bmax%5D=0.0&price%5Bmin%5D=0.0&since="
            #expect(encoder.encodeQueryStringDirectly(filter) == prefix + text, "\(time)")
            let whole = text.replacingOccurrences(of: #"\.\d{3}Z"#, with: "Z", options: .regularExpression)
            #expect(seconds.encodeQueryStringDirectly(filter) == prefix + whole, "\(time)")
        }
    }

    @Test func largeOutputGrowsPastTheStackBuffer() throws {
        let order = WOrder(items: (0..<3_000).map { WItem(id: $0, name: "item \($0) & co", quantity: $0, active: $0 % 2 == 0) },
                           maybe: nil, holes: [], note: nil)
        let encoder = URLQueryEncoder()
        let direct = try #require(encoder.encodeQueryStringDirectly(order))
        #expect(direct == (try encoder.encodeQueryStringThroughEncodable(order)))
        #expect(direct.utf8.count > 200_000)
    }

    /// `encodeQueryString` sizes the string from the last query of the same type and writes into it;
    /// whether the next one is as large, larger (it outgrows the room), far smaller (it is copied into
    /// a string of its own size) or has to go to `Encodable`, the bytes are those of `Encodable`.
    @Test func queriesOfEverySizeAfterAnotherGiveTheSameBytes() throws {
        func order(_ count: Int, note: String? = nil) -> WOrder {
            WOrder(items: (0..<count).map { WItem(id: $0 * 7, name: "n\($0) & ü", quantity: $0 % 3 == 0 ? nil : $0, active: $0 % 2 == 0) },
                   maybe: count % 2 == 0 ? nil : [WItem(id: 1, name: "m", quantity: nil, active: true)], holes: [nil, nil], note: note)
        }
        for encoder in [URLQueryEncoder(), URLQueryEncoder(keyEncodingStrategy: .convertToSnakeCase),
                        URLQueryEncoder(arrayEncodingStrategy: .bracketed)] {
            for (round, count) in [3, 3, 40, 40, 2_000, 1, 0, 5, 5_000, 5_000, 2, 60].enumerated() {
                for rootKey in [nil, "filter"] {
                    let value = order(count, note: round % 3 == 0 ? "note \(round)" : nil)
                    let text = try encoder.encodeQueryString(value, rootKey: rootKey)
                    #expect(text == (try encoder.encodeQueryStringThroughEncodable(value, rootKey: rootKey)), "\(count) items")
                }
            }
        }
    }

    /// Queries of many sizes from many threads at once share the size hints safely.
    @Test func concurrentQueriesOfManySizesGiveTheSameBytes() async {
        let encoder = URLQueryEncoder()
        let answers = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<60).allSatisfy { round in
                        let count = (task * 37 + round * 11) % 300
                        let value = WOrder(items: (0..<count).map { WItem(id: $0, name: "x\($0)", quantity: $0, active: true) },
                                           maybe: nil, holes: [], note: nil)
                        return (try? encoder.encodeQueryString(value)) == (try? encoder.encodeQueryStringThroughEncodable(value))
                    }
                }
            }
            var all: [Bool] = []
            for await answer in group { all.append(answer) }
            return all
        }
        #expect(answers == Array(repeating: true, count: 8))
    }

    /// Random values of the models, with escape-heavy and non-ASCII text, under random configurations.
    @Test func randomValuesGiveTheSameBytes() {
        var random = SeededGenerator(seed: 16)
        let alphabet = Array("aZ09-._~ !\"#$%&'()*+,/:;<=>?@[\\]^`{|}é😀\u{0}\u{7F}\n")
        func text() -> String {
            String((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
        for round in 0..<300 {
            let items = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                WItem(id: Int.random(in: .min ... .max, using: &random), name: text(),
                      quantity: Bool.random(using: &random) ? nil : Int.random(in: -9...9, using: &random), active: Bool.random(using: &random))
            }
            let value = WOrder(items: items, maybe: Bool.random(using: &random) ? nil : Array(items.prefix(2)),
                               holes: items.map { Bool.random(using: &random) ? nil : $0 }, note: Bool.random(using: &random) ? nil : text())
            let flat = WFlat(id: Int.random(in: -1000...1000, using: &random), name: text(), email: text(), active: Bool.random(using: &random),
                             score: Double.random(in: -1e6...1e6, using: &random), query: text(), sort: text(), page: round)
            let name = Self.configurations[Int.random(in: 0..<Self.configurations.count, using: &random)]
            let encoder = Self.encoder(name, variant: round)
            let rootKey: String? = Bool.random(using: &random) ? nil : text()
            for model in [Model("order", value), Model("flat", flat)] {
                let spaceAsPlus = Bool.random(using: &random)
                let outcome = model.run(encoder, rootKey, spaceAsPlus)
                #expect(Self.same(outcome.publicAnswer, outcome.encodable), "\(name) \(round)")
                if let direct = outcome.directOnly {
                    #expect(Self.same(.success(direct), outcome.encodable), "\(name) \(round)")
                }
            }
        }
    }

    /// Plans are built once per type and configuration, from any number of threads at once.
    @Test func concurrentEncodingsShareThePlans() async {
        let encoder = URLQueryEncoder(keyEncodingStrategy: .convertToSnakeCase)
        let value = WFlat(id: 1, name: "n", email: "e", active: true, score: 1, query: "q", sort: "s", page: 2)
        let expected = try? encoder.encodeQueryStringThroughEncodable(value)
        let answers = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<200).map { _ in encoder.encodeQueryStringDirectly(value) }.allSatisfy { $0 == expected } ? expected : nil }
            }
            var all: [String?] = []
            for await answer in group { all.append(answer) }
            return all
        }
        #expect(expected != nil)
        #expect(answers.count == 8 && answers.allSatisfy { $0 == expected })
    }
}
