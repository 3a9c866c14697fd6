@testable import Courier
import Foundation
import Testing

/// RFC 6265bis §5.1.1, the cookie-date algorithm: each row one date form or one rule.
@Suite struct CookieDateTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: Date?
        var testDescription: String { "\(text.debugDescription) → \(expected.map { "\($0)" } ?? "nil")" }
    }

    static let rows: [Row] = [
        // The three HTTP forms.
        Row(text: "Sun, 06 Nov 1994 08:49:37 GMT", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "Sunday, 06-Nov-94 08:49:37 GMT", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "Sun Nov  6 08:49:37 1994", expected: utc(1994, 11, 6, 8, 49, 37)),
        // Tokens in any order, any case, any delimiters, garbage around them.
        Row(text: "06 Nov 1994 08:49:37", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "Nov 06 1994 08:49:37", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "1994 Nov 6 08:49:37", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "08:49:37 1994 november 06", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "06 nOV 1994 08:49:37", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "xxSun, 06 Nov 1994 08:49:37 GMTxx", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "Sun,06-Nov-1994\t08:49:37 UTC+garbage", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "Sun, 06 Nov 1994 08:49:37pm", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "Sun, 06 Nov 1994 08:49:37.123 GMT", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "Sun, 06th Nov 1994AD 08:49:37 GMT", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "Sun, 06 Nov 1994 8:9:7 GMT", expected: utc(1994, 11, 6, 8, 9, 7)),
        // Two-digit years: 70–99 are 19xx, 00–69 are 20xx.
        Row(text: "Sun, 06 Nov 94 08:49:37 GMT", expected: utc(1994, 11, 6, 8, 49, 37)),
        Row(text: "Thu, 01 Jan 70 00:00:00 GMT", expected: utc(1970, 1, 1)),
        Row(text: "Wed, 01 Jan 69 00:00:00 GMT", expected: utc(2069, 1, 1)),
        Row(text: "Sat, 01 Jan 00 00:00:00 GMT", expected: utc(2000, 1, 1)),
        Row(text: "Wed, 21 Oct 15 07:28:00 GMT", expected: utc(2015, 10, 21, 7, 28)),
        // Ranges.
        Row(text: "29 Feb 2000 00:00:00", expected: utc(2000, 2, 29)),
        Row(text: "29 Feb 1900 00:00:00", expected: nil),
        Row(text: "31 Feb 1994 00:00:00", expected: nil),
        Row(text: "31 Apr 1994 00:00:00", expected: nil),
        Row(text: "32 Jan 1994 00:00:00", expected: nil),
        Row(text: "00 Jan 1994 00:00:00", expected: nil),
        Row(text: "01 Jan 1601 00:00:00", expected: utc(1601, 1, 1)),
        Row(text: "31 Dec 1600 23:59:59", expected: nil),
        Row(text: "01 Jan 994 00:00:00", expected: nil),
        Row(text: "31 Dec 9999 23:59:59", expected: utc(9999, 12, 31, 23, 59, 59)),
        Row(text: "01 Jan 1994 24:00:00", expected: nil),
        Row(text: "01 Jan 1994 23:60:00", expected: nil),
        Row(text: "01 Jan 1994 23:59:60", expected: nil),
        Row(text: "01 Jan 1994 23:59:59", expected: utc(1994, 1, 1, 23, 59, 59)),
        // Missing or malformed parts.
        Row(text: "06 Nov 08:49:37", expected: nil),
        Row(text: "Nov 1994 08:49:37", expected: nil),
        Row(text: "06 Nov 1994", expected: nil),
        Row(text: "06 Foo 1994 08:49:37", expected: nil),
        Row(text: "06 Nov 12345 08:49:37", expected: nil),
        Row(text: "06 Nov 1994 108:49:37", expected: nil),
        Row(text: "06 Nov 1994 08:49", expected: nil),
        Row(text: "006 Nov 1994 08:49:37", expected: nil),
        Row(text: "", expected: nil),
        Row(text: "garbage", expected: nil),
    ]

    @Test(arguments: rows) func parses(_ row: Row) {
        #expect(CookieDate.parse(row.text) == row.expected)
    }

    /// Seconds since 1970 known from elsewhere, anchoring the calendar both the rows and the parser use.
    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777.0),
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
        ("Tue, 19 Jan 2038 03:14:08 GMT", 2_147_483_648),
        ("Mon, 01 Jan 1601 00:00:00 GMT", -11_644_473_600),
        ("Fri, 31 Dec 9999 23:59:59 GMT", 253_402_300_799),
    ])
    func knownInstants(_ text: String, _ seconds: Double) {
        #expect(CookieDate.parse(text)?.timeIntervalSince1970 == seconds)
    }
}
