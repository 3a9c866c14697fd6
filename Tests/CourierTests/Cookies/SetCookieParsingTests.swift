@testable import Courier
import Foundation
import Testing

/// RFC 6265bis §5.6, parsing a `Set-Cookie` field: the RFC's examples, then one row per rule and edge case.
@Suite struct SetCookieParsingTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var field: String
        var expected: Result<SetCookie, CookieRejection>
        var testDescription: String { String(field.prefix(80)).debugDescription }

        init(_ field: String, _ name: String, _ value: String, _ configure: (inout SetCookie) -> Void = { _ in }) {
            var cookie = SetCookie(name: name, value: value)
            configure(&cookie)
            self.field = field
            self.expected = .success(cookie)
        }

        init(_ field: String, rejected reason: CookieRejection) {
            self.field = field
            self.expected = .failure(reason)
        }
    }

    static let maximumAge = SetCookie.maximumAge
    static let long1024 = String(repeating: "x", count: 1023)

    static let rows: [Row] = [
        // The RFC's examples (§3.1).
        Row("SID=31d4d96e407aad42", "SID", "31d4d96e407aad42"),
        Row("SID=31d4d96e407aad42; Path=/; Domain=example.com", "SID", "31d4d96e407aad42") {
            $0.path = "/"
            $0.domain = "example.com"
        },
        Row("SID=31d4d96e407aad42; Path=/; Secure; HttpOnly", "SID", "31d4d96e407aad42") {
            $0.path = "/"
            $0.isSecure = true
            $0.isHTTPOnly = true
        },
        Row("lang=en-US; Path=/; Domain=example.com", "lang", "en-US") {
            $0.path = "/"
            $0.domain = "example.com"
        },
        Row("lang=en-US; Expires=Wed, 09 Jun 2021 10:18:14 GMT", "lang", "en-US") { $0.expires = utc(2021, 6, 9, 10, 18, 14) },
        Row("lang=; Expires=Sun, 06 Nov 1994 08:49:37 GMT", "lang", "") { $0.expires = utc(1994, 11, 6, 8, 49, 37) },
        // Name and value.
        Row("  name  =  value  ; path=/", "name", "value") { $0.path = "/" },
        Row("a=\t1\t", "a", "1"),
        Row("token", "", "token"),
        Row("=token", "", "token"),
        Row("a=b=c", "a", "b=c"),
        Row("a=\"quoted value\"", "a", "\"quoted value\""),
        Row("a=", "a", ""),
        Row("", "", ""),
        Row("a=1\u{0}", rejected: .controlCharacter),
        Row("a=1\r\nSet-Cookie: b=2", rejected: .controlCharacter),
        Row("a=1; Path=/\u{7F}", rejected: .controlCharacter),
        Row("a=1\u{1F}", rejected: .controlCharacter),
        Row(String(repeating: "n", count: 96) + "=" + String(repeating: "v", count: 4000), String(repeating: "n", count: 96), String(repeating: "v", count: 4000)),
        Row(String(repeating: "n", count: 97) + "=" + String(repeating: "v", count: 4000), rejected: .nameAndValueTooLong),
        // Attribute names are case-insensitive; unknown ones and empty ones are ignored.
        Row("a=1; SECURE; hTtPoNlY; PATH=/x; DOMAIN=Example.COM", "a", "1") {
            $0.isSecure = true
            $0.isHTTPOnly = true
            $0.path = "/x"
            $0.domain = "example.com"
        },
        Row("a=1; Unknown=x; Foo; ;;; Secure", "a", "1") { $0.isSecure = true },
        Row("a=1; Secure=no", "a", "1") { $0.isSecure = true },
        Row("a=1; Path = /spaced ", "a", "1") { $0.path = "/spaced" },
        // Domain: leading dot dropped (one), lowercased, empty ignored, the last wins.
        Row("a=1; Domain=.example.com", "a", "1") { $0.domain = "example.com" },
        Row("a=1; Domain=..example.com", "a", "1") { $0.domain = ".example.com" },
        Row("a=1; Domain=", "a", "1"),
        Row("a=1; Domain=a.com; Domain=b.com", "a", "1") { $0.domain = "b.com" },
        Row("a=1; Domain=a.com; Domain=", "a", "1") { $0.domain = "a.com" },
        // Path: a value not starting with "/" means the default path.
        Row("a=1; Path=relative", "a", "1") { $0.path = "" },
        Row("a=1; Path=", "a", "1") { $0.path = "" },
        Row("a=1; Path=/a; Path=/b", "a", "1") { $0.path = "/b" },
        // Attribute values longer than 1024 bytes are ignored.
        Row("a=1; Path=/" + long1024, "a", "1") { $0.path = "/" + long1024 },
        Row("a=1; Path=/" + long1024 + "x", "a", "1"),
        // Max-Age: digits, optional leading "-"; 0 or less expires at once; over Expires whatever the order.
        Row("a=1; Max-Age=60", "a", "1") { $0.expires = cookieNow + 60 },
        Row("a=1; Max-Age=0", "a", "1") { $0.expires = .distantPast },
        Row("a=1; Max-Age=-5", "a", "1") { $0.expires = .distantPast },
        Row("a=1; Max-Age=abc", "a", "1"),
        Row("a=1; Max-Age=+5", "a", "1"),
        Row("a=1; Max-Age=5x", "a", "1"),
        Row("a=1; Max-Age=-", "a", "1"),
        Row("a=1; Max-Age=", "a", "1"),
        Row("a=1; Max-Age=60; Max-Age=bad", "a", "1") { $0.expires = cookieNow + 60 },
        Row("a=1; Max-Age=60; Expires=Wed, 09 Jun 2021 10:18:14 GMT", "a", "1") { $0.expires = cookieNow + 60 },
        Row("a=1; Expires=Wed, 09 Jun 2021 10:18:14 GMT; Max-Age=60", "a", "1") { $0.expires = cookieNow + 60 },
        Row("a=1; Max-Age=999999999999999999999999999", "a", "1") { $0.expires = cookieNow + maximumAge },
        Row("a=1; Max-Age=34560001", "a", "1") { $0.expires = cookieNow + maximumAge },
        // Expires: the cookie-date algorithm; unparsable values ignored; capped at 400 days.
        Row("a=1; Expires=garbage", "a", "1"),
        Row("a=1; Expires=Wed, 09 Jun 2021 10:18:14 GMT; Expires=garbage", "a", "1") { $0.expires = utc(2021, 6, 9, 10, 18, 14) },
        Row("a=1; expires=Wednesday, 09-Jun-21 10:18:14 GMT", "a", "1") { $0.expires = utc(2021, 6, 9, 10, 18, 14) },
        Row("a=1; Expires=Fri, 01 Jan 2100 00:00:00 GMT", "a", "1") { $0.expires = cookieNow + maximumAge },
        // SameSite: three values, case-insensitive; anything else resets to none given; the last wins.
        Row("a=1; SameSite=Lax", "a", "1") { $0.sameSite = .lax },
        Row("a=1; samesite=STRICT", "a", "1") { $0.sameSite = .strict },
        Row("a=1; SameSite=none", "a", "1") { $0.sameSite = Cookie.SameSite.none },
        Row("a=1; SameSite=bogus", "a", "1"),
        Row("a=1; SameSite", "a", "1"),
        Row("a=1; SameSite=Strict; SameSite=bogus", "a", "1"),
    ]

    @Test(arguments: rows) func parses(_ row: Row) {
        #expect(SetCookie.parse(row.field, now: cookieNow) == row.expected)
    }

    struct SplitRow: Sendable, CustomTestStringConvertible {
        var joined: String
        var fields: [String]
        var testDescription: String { joined.debugDescription }
    }

    static let splitRows: [SplitRow] = [
        SplitRow(joined: "a=1", fields: ["a=1"]),
        SplitRow(joined: "a=1, b=2", fields: ["a=1", "b=2"]),
        SplitRow(joined: "a=1,b=2", fields: ["a=1", "b=2"]),
        SplitRow(
            joined: "a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT, b=2; Path=/",
            fields: ["a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT", "b=2; Path=/"]),
        SplitRow(
            joined: "a=1; expires=Wednesday, 21-Oct-15 07:28:00 GMT; Path=/, b=2",
            fields: ["a=1; expires=Wednesday, 21-Oct-15 07:28:00 GMT; Path=/", "b=2"]),
        SplitRow(joined: "a=x,y", fields: ["a=x,y"]),
        SplitRow(joined: "a=x, y z=1", fields: ["a=x, y z=1"]),
        SplitRow(joined: "a=1, __Host-b =2", fields: ["a=1", "__Host-b =2"]),
        SplitRow(joined: "a=1, , b=2", fields: ["a=1,", "b=2"]),
        SplitRow(joined: "", fields: []),
    ]

    @Test(arguments: splitRows) func splitsJoinedFields(_ row: SplitRow) {
        #expect(SetCookie.split(row.joined) == row.fields)
    }
}
