import Foundation

/// The cookie-date algorithm of RFC 6265bis §5.1.1: finds a time, a day of month, a month and a year among the
/// tokens of an `Expires` value, whatever the order and whatever surrounds them, so every date form servers send
/// (RFC 1123, RFC 850, asctime, two-digit years, extra words) parses, and nothing else does.
package enum CookieDate {
    /// The date `text` names, in UTC; `nil` when a part is missing or out of range (a day that does not exist in
    /// its month, a year before 1601, a minute past 59, …).
    package static func parse(_ text: String) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in tokens(of: Array(text.utf8)) {
            if time == nil, let found = Self.time(token) {
                time = found
            } else if day == nil, let found = number(token, digits: 1...2) {
                day = found
            } else if month == nil, let found = Self.month(token) {
                month = found
            } else if year == nil, let found = number(token, digits: 2...4) {
                year = found
            }
        }
        guard let time, let day, let month, var year else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(day), year >= 1601, time.hour <= 23, time.minute <= 59, time.second <= 59 else { return nil }
        let parts = DateComponents(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
        // The calendar rolls 31 Feb over into March: a date that does not come back unchanged does not exist.
        guard let date = calendar.date(from: parts), calendar.component(.day, from: date) == day else { return nil }
        return date
    }

    /// The proleptic Gregorian calendar in UTC.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    /// The date-tokens: runs of non-delimiters (§5.1.1's `delimiter` is TAB, space to `/`, `;` to `@`, `[` to
    /// `` ` `` and `{` to `~`; digits, letters, `:` and bytes from 0x7F up are not delimiters).
    private static func tokens(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(whereSeparator: isDelimiter)
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte)
            || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// The leading run of digits of `token` as a number when its length is in `digits` and what follows it, if
    /// anything, starts with a non-digit (`1*2DIGIT [ non-digit *OCTET ]`).
    private static func number(_ token: ArraySlice<UInt8>, digits: ClosedRange<Int>) -> Int? {
        let run = token.prefix(while: isDigit)
        guard digits.contains(run.count) else { return nil }
        return run.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// `hms-time [ non-digit *OCTET ]`, where `hms-time` is three `1*2DIGIT` fields joined by `:`.
    private static func time(_ token: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        var rest = token[...]
        var fields: [Int] = []
        for index in 0..<3 {
            let run = rest.prefix(while: isDigit)
            guard (1...2).contains(run.count) else { return nil }
            fields.append(run.reduce(0) { $0 * 10 + Int($1 - 0x30) })
            rest = rest.dropFirst(run.count)
            if index < 2 {
                guard rest.first == UInt8(ascii: ":") else { return nil }
                rest = rest.dropFirst()
            }
        }
        if let next = rest.first, isDigit(next) { return nil }
        return (fields[0], fields[1], fields[2])
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// 1…12 when the token starts with a month's three-letter abbreviation (any case, anything after it).
    private static func month(_ token: ArraySlice<UInt8>) -> Int? {
        guard token.count >= 3 else { return nil }
        let prefix = String(decoding: token.prefix(3).map { $0 | 0x20 }, as: UTF8.self)
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }
}
