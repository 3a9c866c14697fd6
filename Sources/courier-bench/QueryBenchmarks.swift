import Foundation
import URLQueryCoding

/// `courier-bench query`: `URLQueryEncoder.encodeQueryString` against a hand-written string builder
/// that produces byte-for-byte the same query (checked before measuring).
enum QueryBenchmarks {
    static let suite = BenchmarkSuite(
        name: "query",
        summary: "URLQueryEncoder vs a hand-written query string builder (same output)",
        run: { run() }
    )

    // MARK: Models

    /// Declared in a natural order, not alphabetically: the encoder has to sort.
    struct Flat: Encodable {
        let id: Int
        let name: String
        let email: String
        let active: Bool
        let score: Double
        let query: String
        let sort: String
        let page: Int
    }

    struct Nested: Encodable {
        struct PriceRange: Encodable {
            let min: Double
            let max: Double
        }
        struct Filter: Encodable {
            let tags: [String]
            let categories: [Int]
            let price: PriceRange
            let since: Date
        }
        struct Page: Encodable {
            let size: Int
            let number: Int
        }
        let query: String
        let filter: Filter
        let sort: [String]
        let page: Page
    }

    struct Bulk: Encodable {
        let ids: [Int]
    }

    static let flat = Flat(
        id: 123_456, name: "Kim Lee", email: "kim+test@example.com", active: true, score: 4.75,
        query: "red shoes & socks", sort: "-created_at", page: 3
    )

    static let nested = Nested(
        query: "50% off [today] #deals",
        filter: .init(
            tags: ["new", "on sale", "café", "a+b", "x=y"],
            categories: [3, 14, 15, 92],
            price: .init(min: 10, max: 249.99),
            since: Date(timeIntervalSince1970: 1_714_566_600.25)
        ),
        sort: ["price", "-rating"],
        page: .init(size: 50, number: 2)
    )

    static let bulk = Bulk(ids: (0..<1000).map { $0 * 7919 % 1_000_003 })

    // MARK: Hand-written baselines (what you would write without an encoder)

    static func baselineFlat(_ model: Flat) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(160)
        Baseline.pair("active", model.active ? "true" : "false", &out)
        Baseline.pair("email", model.email, &out)
        Baseline.pair("id", String(model.id), &out)
        Baseline.pair("name", model.name, &out)
        Baseline.pair("page", String(model.page), &out)
        Baseline.pair("query", model.query, &out)
        Baseline.pair("score", model.score.description, &out)
        Baseline.pair("sort", model.sort, &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func baselineNested(_ model: Nested) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        for (index, category) in model.filter.categories.enumerated() {
            Baseline.pair("filter%5Bcategories%5D%5B\(index)%5D", String(category), &out, rawName: true)
        }
        Baseline.pair("filter%5Bprice%5D%5Bmax%5D", model.filter.price.max.description, &out, rawName: true)
        Baseline.pair("filter%5Bprice%5D%5Bmin%5D", model.filter.price.min.description, &out, rawName: true)
        Baseline.pair("filter%5Bsince%5D", Baseline.iso8601(model.filter.since), &out, rawName: true)
        for (index, tag) in model.filter.tags.enumerated() {
            Baseline.pair("filter%5Btags%5D%5B\(index)%5D", tag, &out, rawName: true)
        }
        Baseline.pair("page%5Bnumber%5D", String(model.page.number), &out, rawName: true)
        Baseline.pair("page%5Bsize%5D", String(model.page.size), &out, rawName: true)
        Baseline.pair("query", model.query, &out)
        for (index, sort) in model.sort.enumerated() {
            Baseline.pair("sort%5B\(index)%5D", sort, &out, rawName: true)
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func baselineBulk(_ model: Bulk) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(model.ids.count * 20)
        for (index, id) in model.ids.enumerated() {
            if !out.isEmpty { out.append(UInt8(ascii: "&")) }
            out.append(contentsOf: "ids%5B".utf8)
            out.append(contentsOf: String(index).utf8)
            out.append(contentsOf: "%5D=".utf8)
            out.append(contentsOf: String(id).utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Run

    static func run() {
        let encoder = URLQueryEncoder()
        check("flat", courier: { try encoder.encodeQueryString(flat) }, baseline: { baselineFlat(flat) })
        check("nested", courier: { try encoder.encodeQueryString(nested) }, baseline: { baselineNested(nested) })
        check("bulk", courier: { try encoder.encodeQueryString(bulk) }, baseline: { baselineBulk(bulk) })

        measure("flat 8-field model", iterations: 4_000,
                courier: { Measure.blackHole(try encoder.encodeQueryString(flat)) },
                baseline: { Measure.blackHole(baselineFlat(flat)) })
        measure("nested model (objects/arrays/date)", iterations: 1_500,
                courier: { Measure.blackHole(try encoder.encodeQueryString(nested)) },
                baseline: { Measure.blackHole(baselineNested(nested)) })
        measure("1,000-element array", iterations: 60,
                courier: { Measure.blackHole(try encoder.encodeQueryString(bulk)) },
                baseline: { Measure.blackHole(baselineBulk(bulk)) })
    }

    private static func check(_ name: String, courier: () throws -> String, baseline: () -> String) {
        do {
            let ours = try courier()
            let theirs = baseline()
            guard ours == theirs else {
                print("  \(name): OUTPUT MISMATCH\n    courier:  \(ours)\n    baseline: \(theirs)")
                exit(1)
            }
        } catch {
            print("  \(name): courier threw \(error)")
            exit(1)
        }
    }

    /// Alternates many short Courier and baseline rounds and keeps the best of each, so a busy machine
    /// slows both sides alike instead of whichever happened to run during the noise.
    private static func measure(_ name: String, iterations: Int, courier: () throws -> Void, baseline: () -> Void) {
        do {
            var courierTime = Double.infinity
            var baselineTime = Double.infinity
            for _ in 0..<25 {
                courierTime = min(courierTime, try Measure.nanosecondsPerOp(iterations: iterations, rounds: 1, courier))
                baselineTime = min(baselineTime, Measure.nanosecondsPerOp(iterations: iterations, rounds: 1, baseline))
            }
            Measure.report(name, courier: courierTime, baseline: baselineTime)
        } catch {
            print("  \(name): courier threw \(error)")
        }
    }
}

/// The hand-written helpers a developer would write: escape with a lookup, append pairs.
private enum Baseline {
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    static let hex = Array("0123456789ABCDEF".utf8)

    static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            }
        }
    }

    static func pair(_ name: String, _ value: String, _ out: inout [UInt8], rawName: Bool = false) {
        if !out.isEmpty { out.append(UInt8(ascii: "&")) }
        if rawName { out.append(contentsOf: name.utf8) } else { escape(name, into: &out) }
        out.append(UInt8(ascii: "="))
        escape(value, into: &out)
    }

    /// `2024-05-01T12:30:00.250Z` with integer arithmetic (what a careful hand-written builder does
    /// instead of a slow `ISO8601DateFormatter`).
    static func iso8601(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSinceReferenceDate * 1000).rounded()) + 978_307_200_000
        let days = milliseconds / 86_400_000
        let inDay = milliseconds % 86_400_000
        let z = days + 719_468
        let era = z / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let ms = inDay % 1000
        let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        return "\(year)-\(two(month))-\(two(day))T\(two(inDay / 3_600_000))"
            + ":\(two(inDay / 60_000 % 60)):\(two(inDay / 1000 % 60)).\(msText)Z"
    }
}
