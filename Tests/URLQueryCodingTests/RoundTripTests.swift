import Foundation
import Testing
import URLQueryCoding

/// `decode(encode(x)) == x` over seeded generated inputs, for every strategy where the format is
/// unambiguous. Generated values stay inside what each format can express (see `ModelGenerator`).
@Suite struct RoundTripTests {
    struct Config: Sendable, CustomTestStringConvertible {
        let name: String
        let encoder: URLQueryEncoder
        let decoder: URLQueryDecoder
        var wholeSecondDates = false
        /// A `.custom` key mapping cannot be inverted for dictionary keys found in a query.
        var invertibleKeys = true
        var testDescription: String { name }
    }

    static var layoutConfigs: [Config] {
        var configs: [Config] = []
        for arrays in URLQueryEncoder.ArrayEncodingStrategy.allCases {
            for objects in URLQueryEncoder.ObjectEncodingStrategy.allCases {
                configs.append(Config(
                    name: "\(arrays)/\(objects)",
                    encoder: URLQueryEncoder(arrayEncodingStrategy: arrays, objectEncodingStrategy: objects),
                    decoder: URLQueryDecoder(arrayDecodingStrategy: arrays, objectDecodingStrategy: objects)
                ))
            }
        }
        return configs
    }

    static let valueConfigs: [Config] = [
        Config(name: "iso8601", encoder: URLQueryEncoder(dateEncodingStrategy: .iso8601),
               decoder: URLQueryDecoder(dateDecodingStrategy: .iso8601), wholeSecondDates: true),
        Config(name: "secondsSince1970", encoder: URLQueryEncoder(dateEncodingStrategy: .secondsSince1970),
               decoder: URLQueryDecoder(dateDecodingStrategy: .secondsSince1970), wholeSecondDates: true),
        Config(name: "millisecondsSince1970", encoder: URLQueryEncoder(dateEncodingStrategy: .millisecondsSince1970),
               decoder: URLQueryDecoder(dateDecodingStrategy: .millisecondsSince1970), wholeSecondDates: true),
        Config(name: "custom dates", encoder: URLQueryEncoder(dateEncodingStrategy: .custom { String($0.timeIntervalSinceReferenceDate) }),
               decoder: URLQueryDecoder(dateDecodingStrategy: .custom { Date(timeIntervalSinceReferenceDate: Double($0) ?? .nan) })),
        Config(name: "numeric bools", encoder: URLQueryEncoder(boolEncodingStrategy: .numeric), decoder: URLQueryDecoder()),
        Config(name: "base64URL", encoder: URLQueryEncoder(dataEncodingStrategy: .base64URL),
               decoder: URLQueryDecoder(dataDecodingStrategy: .base64URL)),
        Config(name: "snake_case keys", encoder: URLQueryEncoder(keyEncodingStrategy: .convertToSnakeCase),
               decoder: URLQueryDecoder(keyDecodingStrategy: .convertFromSnakeCase)),
        Config(name: "custom keys", encoder: URLQueryEncoder(keyEncodingStrategy: .custom { "x-" + $0 }),
               decoder: URLQueryDecoder(keyDecodingStrategy: .custom { "x-" + $0 }), invertibleKeys: false),
    ]

    static func check<T: Codable & Equatable>(_ value: T, _ config: Config) throws {
        let query = try config.encoder.encodeQueryString(value)
        #expect(try config.decoder.decode(T.self, from: query) == value, "query: \(query)")
        #expect(try config.decoder.decode(T.self, from: try config.encoder.encode(value)) == value)
        #expect(try config.decoder.decode(T.self, fromFormBody: try config.encoder.encodeFormBody(value)) == value)
    }

    @Test(arguments: layoutConfigs)
    func flatModelsRoundTrip(_ config: Config) throws {
        var generator = ModelGenerator(seed: 0xC0FFEE, delimiter: config.encoder.arrayEncodingStrategy, wholeSecondDates: false)
        for _ in 0..<40 { try Self.check(generator.flatModel(), config) }
    }

    @Test(arguments: valueConfigs)
    func valueStrategiesRoundTrip(_ config: Config) throws {
        var generator = ModelGenerator(seed: 0xBEEF, delimiter: .indexed, wholeSecondDates: config.wholeSecondDates)
        for _ in 0..<40 {
            try Self.check(generator.flatModel(), config)
            let deep = generator.deepModel()
            if config.invertibleKeys { try Self.check(deep, config) }
        }
    }

    @Test(arguments: [URLQueryEncoder.ObjectEncodingStrategy.brackets, .dots])
    func deepModelsRoundTripWithIndexedArrays(_ objects: URLQueryEncoder.ObjectEncodingStrategy) throws {
        let config = Config(
            name: "deep", encoder: URLQueryEncoder(objectEncodingStrategy: objects),
            decoder: URLQueryDecoder(objectDecodingStrategy: objects)
        )
        var generator = ModelGenerator(seed: 42, delimiter: .indexed, wholeSecondDates: false)
        for _ in 0..<40 { try Self.check(generator.deepModel(), config) }
    }
}

enum Status: String, Codable, CaseIterable { case active, paused, deleted }

struct Leaf: Codable, Equatable {
    var childName: String
    var childScore: Int?
}

struct Extra: Codable, Equatable {
    var extraCode: String
}

/// Every scalar kind and a nested object; arrays hold scalars only (valid under every array strategy).
struct FlatModel: Codable, Equatable {
    var text: String
    var count: Int
    var big: Int64
    var unsigned: UInt8
    var ratio: Double
    var small: Float
    var flag: Bool
    var when: Date
    var note: String?
    var tags: [String]
    var ids: [Int]
    var leaf: Leaf
    var extra: Extra?
    var id: UUID
    var blob: Data
    var amount: Decimal
    var link: URL
    var status: Status
}

/// Arrays of objects, arrays of arrays, dictionaries and nil elements: `.indexed` only.
struct DeepModel: Codable, Equatable {
    var base: FlatModel
    var people: [Leaf]
    var matrix: [[Int]]
    var scores: [String: Double]
    var sparse: [Int?]
}

/// Generates models from a seed. Strings mix every character a query must escape.
struct ModelGenerator {
    var random: SeededGenerator
    let arrays: URLQueryEncoder.ArrayEncodingStrategy
    let wholeSecondDates: Bool

    init(seed: UInt64, delimiter arrays: URLQueryEncoder.ArrayEncodingStrategy, wholeSecondDates: Bool) {
        random = SeededGenerator(seed: seed)
        self.arrays = arrays
        self.wholeSecondDates = wholeSecondDates
    }

    static let alphabet: [String] = [
        "a", "Z", "0", "9", " ", "+", "&", "=", "#", "[", "]", "%", ",", "|", ".", "_", "~", "-",
        "é", "漢", "😀", "\n", "?", "/", "%20", "'", "\"",
    ]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance() -> Bool { Bool.random(using: &random) }

    mutating func string(avoiding forbidden: String? = nil) -> String {
        var text = ""
        for _ in 0..<int(0...8) {
            let piece = Self.alphabet[int(0...(Self.alphabet.count - 1))]
            if let forbidden, piece.contains(forbidden) { continue }
            text += piece
        }
        return text
    }

    mutating func arrayElement() -> String {
        switch arrays {
        case .commaSeparated: string(avoiding: ",")
        case .pipeDelimited: string(avoiding: "|")
        case .spaceDelimited: string(avoiding: " ")
        default: string()
        }
    }

    mutating func date() -> Date {
        let seconds = int(-2_208_988_800...4_102_444_800)   // 1900 ... 2100
        if wholeSecondDates { return Date(timeIntervalSince1970: Double(seconds)) }
        let milliseconds = Int64(seconds - 978_307_200) * 1000 + Int64(int(0...999))
        return Date(timeIntervalSinceReferenceDate: Double(milliseconds) / 1000)
    }

    mutating func double() -> Double {
        switch int(0...3) {
        case 0: Double(int(-1000...1000))
        case 1: Double.random(in: -1e6...1e6, using: &random)
        case 2: Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF) * (chance() ? 1 : -1)
        default: [0.1, -0.0, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude][int(0...4)]
        }
    }

    mutating func leaf() -> Leaf {
        Leaf(childName: string(), childScore: chance() ? int(-5...5) : nil)
    }

    mutating func flatModel() -> FlatModel {
        FlatModel(
            text: string(),
            count: [Int.min, Int.max, 0, int(-100...100)][int(0...3)],
            big: Int64(bitPattern: random.next()),
            unsigned: UInt8(int(0...255)),
            ratio: double(),
            small: Float(int(-1000...1000)) / 8,
            flag: chance(),
            when: date(),
            note: chance() ? string() : nil,
            tags: (0..<int(0...4)).map { _ in arrayElement() },
            ids: (0..<int(0...4)).map { _ in int(-1_000_000...1_000_000) },
            leaf: leaf(),
            extra: chance() ? Extra(extraCode: string()) : nil,
            id: UUID(uuid: (UInt8(int(0...255)), 1, 2, 3, 4, 5, 0x46, 7, 0x88, 9, 10, 11, 12, 13, 14, UInt8(int(0...255)))),
            blob: Data((0..<int(0...12)).map { _ in UInt8(int(0...255)) }),
            amount: Decimal(int(-99_999...99_999)) / 100,
            link: URL(string: "https://example.com/p\(int(0...9))?q=\(int(0...9))&r=a%20b") ?? URL(fileURLWithPath: "/"),
            status: Status.allCases[int(0...2)]
        )
    }

    mutating func deepModel() -> DeepModel {
        var sparse: [Int?] = (0..<int(0...4)).map { _ in chance() ? int(0...9) : nil }
        if !sparse.isEmpty { sparse[sparse.count - 1] = int(0...9) }   // a trailing nil writes nothing
        var scores: [String: Double] = [:]
        for _ in 0..<int(0...4) { scores["k\(int(0...20))"] = double() }
        return DeepModel(
            base: flatModel(),
            people: (0..<int(0...3)).map { _ in leaf() },
            matrix: (0..<int(0...3)).map { _ in (0..<int(1...3)).map { _ in int(0...9) } },
            scores: scores,
            sparse: sparse
        )
    }
}
