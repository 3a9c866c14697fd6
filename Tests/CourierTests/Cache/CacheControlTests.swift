import Courier
import Foundation
import Testing

/// `CacheControl`: the tolerant `Cache-Control` parser (RFC 9111 §5.2).
@Suite struct CacheControlTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let field: String
        let directives: [String]
        var testDescription: String { field }
    }

    /// Field value → the directives read, as `name` or `name=value`.
    static let rows: [Row] = [
        Row(field: "max-age=60", directives: ["max-age=60"]),
        Row(field: "MAX-AGE=60, Private", directives: ["max-age=60", "private"]),
        Row(field: "  no-cache ,  no-store  ", directives: ["no-cache", "no-store"]),
        Row(field: #"max-age="60""#, directives: ["max-age=60"]),
        Row(field: #"private="Set-Cookie, X-Token", max-age=5"#, directives: ["private=Set-Cookie, X-Token", "max-age=5"]),
        Row(field: #"ext="a \"quoted\" \\ word", public"#, directives: [#"ext=a "quoted" \ word"#, "public"]),
        Row(field: #"ext="unterminated, max-age=5"#, directives: ["ext=unterminated, max-age=5"]),
        Row(field: #"ext="x"garbage, public"#, directives: ["ext=x", "public"]),
        Row(field: ",,, ,public,,", directives: ["public"]),
        Row(field: "max-age = 60", directives: ["max-age=60"]),
        Row(field: "max-age=", directives: ["max-age="]),
        Row(field: "", directives: []),
        Row(field: "=5, public", directives: ["public"]),
        Row(field: "max-age=60, max-age=60", directives: ["max-age=60", "max-age=60"]),
        Row(field: "community=\"UCI\"", directives: ["community=UCI"]),
    ]

    @Test(arguments: rows) func parses(_ row: Row) {
        let parsed = CacheControl(parsing: row.field).directives.map { directive in
            directive.value.map { "\(directive.name)=\($0)" } ?? directive.name
        }
        #expect(parsed == row.directives)
    }

    struct ValueRow: Sendable, CustomTestStringConvertible {
        let field: String
        let maxAge: Int?
        let maxStale: Int?
        let minFresh: Int?
        let staleWhileRevalidate: Int?
        var testDescription: String { field }
    }

    /// Delta-seconds values: bad `max-age` is stale (0), conflicting duplicates are stale, the first of equal ones
    /// counts, huge values are capped at 2^31, bad values of the others are absent, bare `max-stale` is unlimited.
    static let valueRows: [ValueRow] = [
        ValueRow(field: "max-age=60", maxAge: 60, maxStale: nil, minFresh: nil, staleWhileRevalidate: nil),
        ValueRow(field: "max-age=abc", maxAge: 0, maxStale: nil, minFresh: nil, staleWhileRevalidate: nil),
        ValueRow(field: "max-age=-1", maxAge: 0, maxStale: nil, minFresh: nil, staleWhileRevalidate: nil),
        ValueRow(field: "max-age=1.5", maxAge: 0, maxStale: nil, minFresh: nil, staleWhileRevalidate: nil),
        ValueRow(field: "max-age", maxAge: 0, maxStale: nil, minFresh: nil, staleWhileRevalidate: nil),
        ValueRow(field: "max-age=60, max-age=60", maxAge: 60, maxStale: nil, minFresh: nil, staleWhileRevalidate: nil),
        ValueRow(field: "max-age=60, max-age=120", maxAge: 0, maxStale: nil, minFresh: nil, staleWhileRevalidate: nil),
        ValueRow(field: "max-age=99999999999999999999999", maxAge: 2_147_483_648, maxStale: nil, minFresh: nil, staleWhileRevalidate: nil),
        ValueRow(field: "max-stale", maxAge: nil, maxStale: Int.max, minFresh: nil, staleWhileRevalidate: nil),
        ValueRow(field: "max-stale=30", maxAge: nil, maxStale: 30, minFresh: nil, staleWhileRevalidate: nil),
        ValueRow(field: "max-stale=x", maxAge: nil, maxStale: nil, minFresh: nil, staleWhileRevalidate: nil),
        ValueRow(field: "min-fresh=10, min-fresh=20", maxAge: nil, maxStale: nil, minFresh: 10, staleWhileRevalidate: nil),
        ValueRow(field: "min-fresh=ten", maxAge: nil, maxStale: nil, minFresh: nil, staleWhileRevalidate: nil),
        ValueRow(field: #"stale-while-revalidate="30""#, maxAge: nil, maxStale: nil, minFresh: nil, staleWhileRevalidate: 30),
    ]

    @Test(arguments: valueRows) func values(_ row: ValueRow) {
        let parsed = CacheControl(parsing: row.field)
        #expect(parsed.maxAge == row.maxAge)
        #expect(parsed.maxStale == row.maxStale)
        #expect(parsed.minFresh == row.minFresh)
        #expect(parsed.staleWhileRevalidate == row.staleWhileRevalidate)
    }

    @Test func everyFieldLineCounts() {
        var headers: HTTPHeaders = ["Cache-Control": "private"]
        headers.add(name: "cache-control", value: "max-age=5, must-revalidate")
        let parsed = CacheControl(headers)
        #expect(parsed.isPrivate && parsed.mustRevalidate && parsed.maxAge == 5)
    }

    @Test func pragmaNoCacheCountsOnlyWithoutCacheControl() {
        #expect(CacheControl(["Pragma": "no-cache"]).noCache)
        #expect(!CacheControl(["Pragma": "no-cache", "Cache-Control": "max-age=5"]).noCache)
        #expect(!CacheControl(["Pragma": "x-other"]).noCache)
    }

    @Test func booleanDirectives() {
        let parsed = CacheControl(parsing: "no-store, no-cache, public, private, must-revalidate, immutable, s-maxage=9, only-if-cached")
        #expect(parsed.noStore && parsed.noCache && parsed.isPublic && parsed.isPrivate)
        #expect(parsed.mustRevalidate && parsed.immutable && parsed.hasSharedMaxAge && parsed.onlyIfCached)
        let none = CacheControl(parsing: "max-age=1")
        #expect(!none.noStore && !none.noCache && !none.isPublic && !none.isPrivate && !none.immutable && !none.onlyIfCached)
    }
}
