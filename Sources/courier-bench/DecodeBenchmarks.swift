import Foundation
import FlexibleDecoding

/// `decode`: `FlexibleJSONDecoder` against Foundation's `JSONDecoder` on ~1 MB of realistic records and on the
/// small body of `courier-bench client` (a). All figures are CPU time of the decoding thread (`DecodeCPUTime`).
///
/// 0. The 5-field `ClientBenchmarks.Account` body: the fixed per-call cost a typical API response pays.
/// 1. Real integers: `FlexibleJSONDecoder` (default, flexible) vs `JSONDecoder`, same synthesized DTO.
/// 2. Integers as strings: `FlexibleJSONDecoder` with the plain synthesized DTO vs what teams write
///    today — `JSONDecoder` plus a hand-written `init(from:)` calling a `decodeIntFlexible` helper.
/// 3. Integers as strings: the `@FlexibleInt` wrappers on `JSONDecoder` vs that hand-written `init(from:)`.
/// 4. Real integers: `FlexibleJSONDecoder` vs CPython's C `json.loads` on the same bytes (when `python3`
///    is on the PATH), timed by `timeit` in a child process.
enum DecodeBenchmarks {
    static let suite = BenchmarkSuite(
        name: "decode",
        summary: "FlexibleJSONDecoder vs JSONDecoder: a 5-field body; ~1 MB of records (real ints; string ints vs hand-written init(from:))"
    ) {
        run()
    }

    struct Address: Codable, Equatable {
        let street: String
        let city: String
        let zipCode: String
        let buildingNumber: Int
    }

    /// The response DTO as the convention wants to write it: synthesized `Codable`.
    struct Record: Codable, Equatable {
        let id: Int
        let userId: Int
        let name: String
        let email: String
        let age: Int
        let score: Double
        let isActive: Bool
        let createdAt: String
        let tags: [String]
        let address: Address
        let followerCount: Int64
        let organizationIds: [Int]
        let parentId: Int?
    }

    static func run() {
        let realInts = payload(integersAsStrings: false)
        let stringInts = payload(integersAsStrings: true)
        let flexibleDecoder = FlexibleJSONDecoder()
        let foundationDecoder = JSONDecoder()
        // `COURIER_BENCH_DECODE_PROFILE=N`: only decodes the records (real ints) N times, for `perf record`;
        // with `COURIER_BENCH_DECODE_PROFILE_ROW=wrapped` (or `hand`), the string-int records through the
        // `@FlexibleInt` wrappers (or the hand-written `init(from:)`) on `JSONDecoder` instead.
        let environment = ProcessInfo.processInfo.environment
        if let rounds = environment["COURIER_BENCH_DECODE_PROFILE"].flatMap({ Int($0) }) {
            let row = environment["COURIER_BENCH_DECODE_PROFILE_ROW"]
            for _ in 0..<rounds {
                switch row {
                case "wrapped": Measure.blackHole(try? foundationDecoder.decode([WrappedRecord].self, from: stringInts))
                case "hand": Measure.blackHole(try? foundationDecoder.decode([HandWrittenRecord].self, from: stringInts))
                default: Measure.blackHole(try? flexibleDecoder.decode([Record].self, from: realInts))
                }
            }
            return
        }

        // Both sides must decode the same values before anything is timed.
        do {
            let expected = try foundationDecoder.decode([Record].self, from: realInts)
            guard try flexibleDecoder.decode([Record].self, from: realInts) == expected,
                  try flexibleDecoder.decode([Record].self, from: stringInts) == expected,
                  try foundationDecoder.decode([HandWrittenRecord].self, from: stringInts).map(\.record) == expected,
                  try foundationDecoder.decode([WrappedRecord].self, from: stringInts).map(\.record) == expected
            else {
                print("  decode: decoders disagree; not measuring")
                return
            }
            print("  payload: \(expected.count) records, \(realInts.count / 1024) KiB (real ints), \(stringInts.count / 1024) KiB (string ints)")
        } catch {
            print("  decode: failed to decode the payload: \(error)")
            return
        }

        let small = ClientBenchmarks.body
        guard let smallValue = try? flexibleDecoder.decode(ClientBenchmarks.Account.self, from: small),
              let smallExpected = try? foundationDecoder.decode(ClientBenchmarks.Account.self, from: small),
              sameAccount(smallValue, smallExpected) else {
            print("  decode: decoders disagree on the small body; not measuring")
            return
        }
        let (courierSmall, foundationSmall) = interleaved(iterations: 20_000,
            { Measure.blackHole(try? flexibleDecoder.decode(ClientBenchmarks.Account.self, from: small)) },
            { Measure.blackHole(try? foundationDecoder.decode(ClientBenchmarks.Account.self, from: small)) })
        Measure.report("\(small.count)-byte body vs JSONDecoder", courier: courierSmall, baseline: foundationSmall)

        let (courierReal, foundationReal) = interleaved(
            { Measure.blackHole(try? flexibleDecoder.decode([Record].self, from: realInts)) },
            { Measure.blackHole(try? foundationDecoder.decode([Record].self, from: realInts)) })
        Measure.report("real ints vs JSONDecoder", courier: courierReal / 1e6, baseline: foundationReal / 1e6, unit: "ms/op")

        let (courierStrings, handWritten) = interleaved(
            { Measure.blackHole(try? flexibleDecoder.decode([Record].self, from: stringInts)) },
            { Measure.blackHole(try? foundationDecoder.decode([HandWrittenRecord].self, from: stringInts)) })
        Measure.report("string ints vs hand-written init", courier: courierStrings / 1e6, baseline: handWritten / 1e6, unit: "ms/op")

        let (wrapped, handWrittenAgain) = interleaved(
            { Measure.blackHole(try? foundationDecoder.decode([WrappedRecord].self, from: stringInts)) },
            { Measure.blackHole(try? foundationDecoder.decode([HandWrittenRecord].self, from: stringInts)) })
        Measure.report("@FlexibleInt (JSONDecoder) vs hand", courier: wrapped / 1e6, baseline: handWrittenAgain / 1e6, unit: "ms/op")

        if let python = PythonJSONLoads(payload: realInts) {
            // Three rounds, each: Courier best of 3, then python's best of its own timeit runs.
            var courier = Double.infinity
            var loads = Double.infinity
            for _ in 0..<3 {
                courier = min(courier, DecodeCPUTime.nanosecondsPerOp(iterations: 3, rounds: 3) {
                    Measure.blackHole(try? flexibleDecoder.decode([Record].self, from: realInts))
                })
                if let seconds = python.bestSeconds() { loads = min(loads, seconds * 1e9) }
            }
            python.removeFile()
            if loads.isFinite {
                Measure.report("real ints vs CPython json.loads", courier: courier / 1e6, baseline: loads / 1e6, unit: "ms/op")
            } else {
                print("  json.loads: python3 failed; row skipped")
            }
        } else {
            print("  json.loads: no python3 on PATH; row skipped")
        }

        let megabytes = Double(realInts.count) / 1_048_576
        print("  throughput: FlexibleJSONDecoder \(String(format: "%.0f", megabytes / (courierReal / 1e9))) MB/s, "
              + "JSONDecoder \(String(format: "%.0f", megabytes / (foundationReal / 1e9))) MB/s (real ints)")
    }

    /// Whether two decoded small bodies agree field by field (`ClientBenchmarks.Account` is not `Equatable`).
    static func sameAccount(_ left: ClientBenchmarks.Account, _ right: ClientBenchmarks.Account) -> Bool {
        left.id == right.id && left.name == right.name && left.email == right.email && left.active == right.active
            && left.tags == right.tags
    }

    /// Best CPU ns/op of each side, measured in alternating rounds so both see the same machine load.
    static func interleaved(
        iterations: Int = 3, _ courier: () -> Void, _ baseline: () -> Void, rounds: Int = 8
    ) -> (Double, Double) {
        var best = (Double.infinity, Double.infinity)
        for _ in 0..<rounds {
            best.0 = min(best.0, DecodeCPUTime.nanosecondsPerOp(iterations: iterations, rounds: 1, courier))
            best.1 = min(best.1, DecodeCPUTime.nanosecondsPerOp(iterations: iterations, rounds: 1, baseline))
        }
        return best
    }

    /// Records per payload: about 1 MB with real integers.
    static let recordCount = 2_950

    /// A JSON array of `recordCount` records, generated deterministically; integers optionally sent as strings.
    static func payload(integersAsStrings: Bool) -> Data {
        var random = BenchRandom(seed: 0x5EED)
        let firstNames = ["kim", "lee", "park", "choi", "jung", "kang", "cho", "yoon", "jang", "lim"]
        let cities = ["Seoul", "Busan", "Incheon", "Daegu", "Daejeon", "Gwangju", "Suwon", "Ulsan"]
        let tagWords = ["admin", "beta", "premium", "mobile", "web", "ios", "android", "team-lead", "new", "verified"]
        func int<T: BinaryInteger>(_ value: T) -> String { integersAsStrings ? "\"\(value)\"" : "\(value)" }
        var json = "["
        for index in 0..<recordCount {
            if index > 0 { json += "," }
            let name = firstNames[Int(random.next() % 10)] + " " + firstNames[Int(random.next() % 10)].capitalized
            let tags = (0..<Int(random.next() % 4)).map { _ in "\"\(tagWords[Int(random.next() % 10)])\"" }
            let organizations = (0..<Int(random.next() % 5)).map { _ in int(random.next() % 10_000) }
            let parent = random.next() % 3 == 0 ? "null" : int(random.next() % 100_000)
            json += """
            {"id":\(int(index + 1)),"userId":\(int(100_000 + random.next() % 900_000)),"name":"\(name)",\
            "email":"user\(index)@example.com","age":\(int(18 + random.next() % 60)),\
            "score":\(Double(random.next() % 100_000) / 100),"isActive":\(random.next() % 2 == 0),\
            "createdAt":"2024-0\(1 + random.next() % 9)-1\(random.next() % 10)T12:34:56Z",\
            "tags":[\(tags.joined(separator: ","))],\
            "address":{"street":"\(random.next() % 999) Teheran-ro","city":"\(cities[Int(random.next() % 8)])",\
            "zipCode":"0\(1000 + random.next() % 9000)","buildingNumber":\(int(random.next() % 500))},\
            "followerCount":\(int(Int64(random.next() % 5_000_000_000))),\
            "organizationIds":[\(organizations.joined(separator: ","))],"parentId":\(parent)}
            """
        }
        json += "]"
        return Data(json.utf8)
    }
}

/// The baseline: the convention's hand-written DTO (custom `init(from:)` + `decodeIntFlexible` helper
/// tried Int → String → Double with `try?`), decoded by Foundation's `JSONDecoder`.
private struct HandWrittenRecord: Decodable {
    let record: DecodeBenchmarks.Record

    private enum CodingKeys: String, CodingKey {
        case id, userId, name, email, age, score, isActive, createdAt, tags, address, followerCount, organizationIds, parentId
    }

    private struct HandWrittenAddress: Decodable {
        let address: DecodeBenchmarks.Address
        private enum CodingKeys: String, CodingKey { case street, city, zipCode, buildingNumber }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            address = DecodeBenchmarks.Address(
                street: try container.decodeIfPresent(String.self, forKey: .street) ?? "",
                city: try container.decodeIfPresent(String.self, forKey: .city) ?? "",
                zipCode: try container.decodeIfPresent(String.self, forKey: .zipCode) ?? "",
                buildingNumber: try container.handWrittenIntFlexibleIfPresent(forKey: .buildingNumber) ?? 0)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let organizationIds: [Int]
        if let ints = try? container.decode([Int].self, forKey: .organizationIds) {
            organizationIds = ints
        } else {
            organizationIds = (try container.decodeIfPresent([String].self, forKey: .organizationIds) ?? []).compactMap { Int($0) }
        }
        record = DecodeBenchmarks.Record(
            id: try container.handWrittenIntFlexibleIfPresent(forKey: .id) ?? 0,
            userId: try container.handWrittenIntFlexibleIfPresent(forKey: .userId) ?? 0,
            name: try container.decodeIfPresent(String.self, forKey: .name) ?? "",
            email: try container.decodeIfPresent(String.self, forKey: .email) ?? "",
            age: try container.handWrittenIntFlexibleIfPresent(forKey: .age) ?? 0,
            score: try container.decodeIfPresent(Double.self, forKey: .score) ?? 0,
            isActive: try container.decodeIfPresent(Bool.self, forKey: .isActive) ?? false,
            createdAt: try container.decodeIfPresent(String.self, forKey: .createdAt) ?? "",
            tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [],
            address: try container.decode(HandWrittenAddress.self, forKey: .address).address,
            followerCount: Int64(try container.handWrittenIntFlexibleIfPresent(forKey: .followerCount) ?? 0),
            organizationIds: organizationIds,
            parentId: try container.handWrittenIntFlexibleIfPresent(forKey: .parentId))
    }
}

/// The same DTO with the `FlexibleDecoding` property wrappers on every integer, decoded by Foundation's
/// `JSONDecoder`: synthesized `Codable`, no hand-written `init(from:)`.
private struct WrappedRecord: Decodable {
    struct Address: Decodable {
        let street: String
        let city: String
        let zipCode: String
        @FlexibleInt var buildingNumber: Int
    }

    @FlexibleInt var id: Int
    @FlexibleInt var userId: Int
    let name: String
    let email: String
    @FlexibleInt var age: Int
    let score: Double
    let isActive: Bool
    let createdAt: String
    let tags: [String]
    let address: Address
    @FlexibleInt var followerCount: Int64
    @FlexibleIntArray var organizationIds: [Int]
    @FlexibleOptionalInt var parentId: Int?

    var record: DecodeBenchmarks.Record {
        DecodeBenchmarks.Record(
            id: id, userId: userId, name: name, email: email, age: age, score: score, isActive: isActive,
            createdAt: createdAt, tags: tags,
            address: DecodeBenchmarks.Address(
                street: address.street, city: address.city, zipCode: address.zipCode, buildingNumber: address.buildingNumber),
            followerCount: followerCount, organizationIds: organizationIds, parentId: parentId)
    }
}

/// The helper as the convention document writes it (named apart from the library's public helper).
private extension KeyedDecodingContainer {
    func handWrittenIntFlexible(forKey key: Key) throws -> Int {
        if let value = try? decode(Int.self, forKey: key) { return value }
        if let value = try? decode(String.self, forKey: key), let intValue = Int(value) { return intValue }
        if let value = try? decode(Double.self, forKey: key), let intValue = Int(exactly: value) { return intValue }
        throw DecodingError.typeMismatch(Int.self, DecodingError.Context(
            codingPath: codingPath + [key], debugDescription: "Expected Int/String-number/Double for key '\(key.stringValue)'"))
    }

    func handWrittenIntFlexibleIfPresent(forKey key: Key) throws -> Int? {
        if (try? decodeNil(forKey: key)) == true { return nil }
        return try? handWrittenIntFlexible(forKey: key)
    }
}

/// Deterministic payload generator.
private struct BenchRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
