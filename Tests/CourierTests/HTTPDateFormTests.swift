import Courier
import Foundation
import Testing

/// RFC 9110 §5.6.7: the three date forms a recipient must accept all mean the same instant.
@Suite struct HTTPDateFormTests {
    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
        "Sun Nov 6 08:49:37 1994",
    ])
    func everyFormParsesToTheSameInstant(text: String) {
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test(arguments: [
        "sun, 06 nov 1994 08:49:37 gmt", "  Sun,  06  Nov  1994  08:49:37  GMT  ", "Sunday, 06 Nov 1994 08:49:37 GMT",
        "Sun Nov 06 08:49:37 1994",
    ])
    func caseAndRunsOfSpacesDoNotMatter(text: String) {
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test(arguments: [
        "", "Sun, 06 Nov 1994", "Sun, 32 Nov 1994 08:49:37 GMT", "garbage", "Sun, 06 Nov 1994 25:49:37 GMT",
        "Sun, 29 Feb 2023 00:00:00 GMT", "Sun, 31 Apr 2024 00:00:00 GMT", "Sun, 06 Nov 1994 08:60:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 1994 08:49:37 GMT trailing", "Sun, 06 Nov 19945 08:49:37 GMT",
        "Sun, 006 Nov 1994 08:49:37 GMT", "Sun, 06 Novem 1994 08:49:37 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun Nov  6 08:49:37 94", "Sun, 06 Nov 1994 8:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT\u{0}", "Sun, ０６ Nov 1994 08:49:37 GMT",
    ])
    func invalidDatesAreNil(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    /// Found by FuzzHTTPState: Foundation's `DateFormatter` stopped the process on an assertion for this text.
    @Test func textThatCrashedTheFormatterIsNil() {
        let bytes: [UInt8] = Array("Sun".utf8) + [0xD8, 0x92, 0x96, 0x91] + Array("i 6 0-CS8:4\u{0B}16n mini 6 08:4\u{0B}16".utf8)
            + [0x14, 0x11, 0x11, 0x11] + Array("01 jan 1 00:00:00 extr9,%37 Nov  6 08:49%37 a wor1 6 08:9919499d4s".utf8)
        #expect(HTTPDate.parse(String(decoding: bytes, as: UTF8.self)) == nil)
    }

    @Test(arguments: [
        ("Thu, 29 Feb 2024 23:59:59 GMT", 1_709_251_199.0), ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
        ("Wed, 31 Dec 1969 23:59:59 GMT", -1), ("Sat, 01 Jan 1600 00:00:00 GMT", -11_676_096_000),
        ("Fri, 31 Dec 9999 23:59:59 GMT", 253_402_300_799), ("Tue, 19 Jan 2038 03:14:08 GMT", 2_147_483_648),
    ])
    func datesAcrossTheCalendarRoundTrip(text: String, seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(HTTPDate.parse(text) == date)
        #expect(HTTPDate.format(date) == text)
    }

    @Test func aLeapSecondIsTheNextMinutesFirst() {
        #expect(HTTPDate.parse("Sat, 31 Dec 2016 23:59:60 GMT") == HTTPDate.parse("Sun, 01 Jan 2017 00:00:00 GMT"))
    }

    /// §5.6.7: a two-digit year more than 50 years ahead is the century before.
    @Test func rfc850YearsAreTheMostRecentPastWithinFiftyYears() throws {
        let thisYear = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "GMT")!, from: Date()).year!
        for ahead in [0, 1, 49, 50, 51, 99] {
            let year = thisYear + ahead
            let expected = ahead > 50 ? year - 100 : year
            let text = "Monday, 01-Jan-\(String(format: "%02d", year % 100)) 00:00:00 GMT"
            let parsed = try #require(HTTPDate.parse(text))
            #expect(HTTPDate.format(parsed).contains(" \(expected) "), "\(text) → \(HTTPDate.format(parsed))")
        }
    }

    @Test func fractionsOfASecondAreDroppedWhenFormatting() {
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777.9)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: -0.5)) == "Wed, 31 Dec 1969 23:59:59 GMT")
    }

    @Test func formatRoundTrips() {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.format(date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse(HTTPDate.format(date)) == date)
    }
}
