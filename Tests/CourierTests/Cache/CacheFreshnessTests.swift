import Courier
import Foundation
import Testing

/// `CacheEntry` age and freshness lifetime (RFC 9111 §4.2) and `CacheFreshness`'s decision for a request, with
/// fixed times: no clock runs.
@Suite struct CacheFreshnessTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    /// Replaces `{t}` with the HTTP date of t0 and `{t-N}` / `{t+N}` with t0 ∓ N seconds.
    static func expand(_ text: String) -> String {
        var result = text
        while let open = result.range(of: "{t"), let close = result[open.upperBound...].firstIndex(of: "}") {
            let offset = Double(result[open.upperBound..<close]) ?? 0
            result.replaceSubrange(open.lowerBound...close, with: HTTPDate.format(t0 + offset))
        }
        return result
    }

    static func entry(
        status: Int = 200, _ fields: [(String, String)], requestTime: Date = t0, responseTime: Date = t0
    ) -> CacheEntry {
        CacheEntry(
            key: "k", url: nil, statusCode: status, headers: HTTPHeaders(fields.map { ($0.0, expand($0.1)) }), body: Data(),
            requestTime: requestTime, responseTime: responseTime, varyFields: [])
    }

    struct LifetimeRow: Sendable, CustomTestStringConvertible {
        let name: String
        let status: Int
        let fields: [(String, String)]
        let lifetime: Double
        var testDescription: String { name }
    }

    /// §4.2.1 freshness lifetime: max-age over Expires, s-maxage ignored, Expires − Date, bad or conflicting
    /// Expires stale, heuristic 10 % of the Last-Modified age only for heuristically cacheable statuses.
    static let lifetimeRows: [LifetimeRow] = [
        LifetimeRow(name: "max-age", status: 200, fields: [("Cache-Control", "max-age=60"), ("Date", "{t}")], lifetime: 60),
        LifetimeRow(name: "max-age beats Expires", status: 200,
                    fields: [("Cache-Control", "max-age=60"), ("Expires", "{t+600}"), ("Date", "{t}")], lifetime: 60),
        LifetimeRow(name: "s-maxage ignored", status: 200,
                    fields: [("Cache-Control", "s-maxage=600"), ("Date", "{t}")], lifetime: 0),
        LifetimeRow(name: "s-maxage ignored, max-age used", status: 200,
                    fields: [("Cache-Control", "s-maxage=600, max-age=5"), ("Date", "{t}")], lifetime: 5),
        LifetimeRow(name: "Expires minus Date", status: 200, fields: [("Expires", "{t+300}"), ("Date", "{t-100}")], lifetime: 400),
        LifetimeRow(name: "Expires in the past", status: 200, fields: [("Expires", "{t-300}"), ("Date", "{t}")], lifetime: 0),
        LifetimeRow(name: "Expires: 0 (invalid) is stale", status: 200, fields: [("Expires", "0"), ("Date", "{t}")], lifetime: 0),
        LifetimeRow(name: "conflicting Expires is stale", status: 200,
                    fields: [("Expires", "{t+300}"), ("Expires", "{t+600}"), ("Date", "{t}")], lifetime: 0),
        LifetimeRow(name: "Expires without Date uses the response time", status: 200, fields: [("Expires", "{t+90}")], lifetime: 90),
        LifetimeRow(name: "heuristic 10% of Last-Modified age", status: 200,
                    fields: [("Last-Modified", "{t-36000}"), ("Date", "{t}")], lifetime: 3600),
        LifetimeRow(name: "heuristic for 404", status: 404, fields: [("Last-Modified", "{t-1000}"), ("Date", "{t}")], lifetime: 100),
        LifetimeRow(name: "heuristic for 301", status: 301, fields: [("Last-Modified", "{t-1000}"), ("Date", "{t}")], lifetime: 100),
        LifetimeRow(name: "no heuristic for 302", status: 302, fields: [("Last-Modified", "{t-1000}"), ("Date", "{t}")], lifetime: 0),
        LifetimeRow(name: "no heuristic for 500", status: 500, fields: [("Last-Modified", "{t-1000}"), ("Date", "{t}")], lifetime: 0),
        LifetimeRow(name: "no heuristic for 206", status: 206, fields: [("Last-Modified", "{t-1000}"), ("Date", "{t}")], lifetime: 0),
        LifetimeRow(name: "Last-Modified in the future", status: 200, fields: [("Last-Modified", "{t+1000}"), ("Date", "{t}")], lifetime: 0),
        LifetimeRow(name: "nothing at all", status: 200, fields: [("Date", "{t}")], lifetime: 0),
        LifetimeRow(name: "bad max-age is stale", status: 200, fields: [("Cache-Control", "max-age=soon"), ("Expires", "{t+600}")], lifetime: 0),
        LifetimeRow(name: "explicit max-age for 302", status: 302, fields: [("Cache-Control", "max-age=30")], lifetime: 30),
    ]

    @Test(arguments: lifetimeRows) func freshnessLifetime(_ row: LifetimeRow) {
        #expect(Self.entry(status: row.status, row.fields).freshnessLifetime == row.lifetime)
    }

    struct AgeRow: Sendable, CustomTestStringConvertible {
        let name: String
        let fields: [(String, String)]
        let requestOffset: Double
        let nowOffset: Double
        let age: Double
        var testDescription: String { name }
    }

    /// §4.2.3: apparent_age = max(0, response_time − date); corrected_age_value = age + response_delay;
    /// corrected_initial_age = max of the two; current_age = that + resident_time. Response time is t0.
    static let ageRows: [AgeRow] = [
        AgeRow(name: "fresh off the wire", fields: [("Date", "{t}")], requestOffset: 0, nowOffset: 0, age: 0),
        AgeRow(name: "resident time counts", fields: [("Date", "{t}")], requestOffset: 0, nowOffset: 25, age: 25),
        AgeRow(name: "apparent age from an old Date", fields: [("Date", "{t-40}")], requestOffset: 0, nowOffset: 0, age: 40),
        AgeRow(name: "Date in the future gives 0", fields: [("Date", "{t+40}")], requestOffset: 0, nowOffset: 0, age: 0),
        AgeRow(name: "Age header plus response delay", fields: [("Date", "{t}"), ("Age", "30")], requestOffset: -2, nowOffset: 0, age: 32),
        AgeRow(name: "larger of apparent and corrected", fields: [("Date", "{t-100}"), ("Age", "30")], requestOffset: -2, nowOffset: 10, age: 110),
        AgeRow(name: "bad Age ignored", fields: [("Date", "{t}"), ("Age", "ten")], requestOffset: 0, nowOffset: 5, age: 5),
        AgeRow(name: "no Date: the response time", fields: [], requestOffset: -1, nowOffset: 3, age: 4),
    ]

    @Test(arguments: ageRows) func currentAge(_ row: AgeRow) {
        let entry = Self.entry(row.fields, requestTime: Self.t0 + row.requestOffset)
        #expect(entry.currentAge(at: Self.t0 + row.nowOffset) == row.age)
    }

    struct UseRow: Sendable, CustomTestStringConvertible {
        let name: String
        let response: String
        let request: String
        let age: Double
        let use: CacheFreshness.Use
        var testDescription: String { name }
    }

    /// Which use a stored response (Date = t0, received at t0) allows at t0 + age, for the request's directives.
    static let useRows: [UseRow] = [
        UseRow(name: "fresh", response: "max-age=60", request: "", age: 59, use: .fresh),
        UseRow(name: "stale at exactly the lifetime", response: "max-age=60", request: "", age: 60, use: .revalidate(staleIfError: false)),
        UseRow(name: "response no-cache always revalidates", response: "max-age=60, no-cache", request: "", age: 1, use: .revalidate(staleIfError: false)),
        UseRow(name: "request no-cache revalidates", response: "max-age=60", request: "no-cache", age: 1, use: .revalidate(staleIfError: false)),
        UseRow(name: "request max-age bounds the age", response: "max-age=60", request: "max-age=10", age: 11, use: .revalidate(staleIfError: false)),
        UseRow(name: "request max-age within", response: "max-age=60", request: "max-age=10", age: 10, use: .fresh),
        UseRow(name: "request max-age=0 reloads", response: "max-age=60", request: "max-age=0", age: 1, use: .revalidate(staleIfError: false)),
        UseRow(name: "immutable ignores a reload's max-age=0", response: "max-age=60, immutable", request: "max-age=0", age: 1, use: .fresh),
        UseRow(name: "immutable does not ignore no-cache", response: "max-age=60, immutable", request: "no-cache", age: 1, use: .revalidate(staleIfError: false)),
        UseRow(name: "immutable stale revalidates", response: "max-age=60, immutable", request: "", age: 61, use: .revalidate(staleIfError: false)),
        UseRow(name: "min-fresh satisfied", response: "max-age=60", request: "min-fresh=20", age: 40, use: .fresh),
        UseRow(name: "min-fresh not satisfied", response: "max-age=60", request: "min-fresh=20", age: 41, use: .revalidate(staleIfError: false)),
        UseRow(name: "max-stale within", response: "max-age=60", request: "max-stale=30", age: 90, use: .stale),
        UseRow(name: "max-stale exceeded", response: "max-age=60", request: "max-stale=30", age: 91, use: .revalidate(staleIfError: false)),
        UseRow(name: "bare max-stale: any staleness", response: "max-age=60", request: "max-stale", age: 1e9, use: .stale),
        UseRow(name: "must-revalidate refuses max-stale", response: "max-age=60, must-revalidate", request: "max-stale", age: 61, use: .revalidate(staleIfError: false)),
        UseRow(name: "stale-while-revalidate within", response: "max-age=60, stale-while-revalidate=30", request: "", age: 90, use: .staleWhileRevalidating),
        UseRow(name: "stale-while-revalidate past", response: "max-age=60, stale-while-revalidate=30", request: "", age: 91, use: .revalidate(staleIfError: false)),
        UseRow(name: "stale-while-revalidate and must-revalidate", response: "max-age=60, stale-while-revalidate=30, must-revalidate", request: "", age: 61, use: .revalidate(staleIfError: false)),
        UseRow(name: "stale-while-revalidate, request max-age=0", response: "max-age=60, stale-while-revalidate=30", request: "max-age=0", age: 61, use: .revalidate(staleIfError: false)),
        UseRow(name: "stale-if-error within (response)", response: "max-age=60, stale-if-error=100", request: "", age: 160, use: .revalidate(staleIfError: true)),
        UseRow(name: "stale-if-error past (response)", response: "max-age=60, stale-if-error=100", request: "", age: 161, use: .revalidate(staleIfError: false)),
        UseRow(name: "stale-if-error within (request)", response: "max-age=60", request: "stale-if-error=100", age: 100, use: .revalidate(staleIfError: true)),
        UseRow(name: "stale-if-error and must-revalidate", response: "max-age=60, stale-if-error=100, must-revalidate", request: "", age: 70, use: .revalidate(staleIfError: false)),
        UseRow(name: "stale-if-error and no-cache", response: "no-cache, stale-if-error=100", request: "", age: 1, use: .revalidate(staleIfError: false)),
        UseRow(name: "private is used like any other", response: "private, max-age=60", request: "", age: 30, use: .fresh),
    ]

    @Test(arguments: useRows) func use(_ row: UseRow) {
        let entry = Self.entry([("Cache-Control", row.response), ("Date", "{t}")])
        let freshness = CacheFreshness(entry, request: CacheControl(parsing: row.request), at: Self.t0 + row.age)
        #expect(freshness.use == row.use)
    }
}
