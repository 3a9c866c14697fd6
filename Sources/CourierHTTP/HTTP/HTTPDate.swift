import Foundation
import URLQueryCoding

/// Parses and formats HTTP dates (RFC 9110 §5.6.7): IMF-fixdate, plus the obsolete RFC 850 and asctime forms.
///
/// Read and written by bytes, not with `DateFormatter`: Foundation's formatter on Linux stopped the process on
/// an assertion for some malformed strings (FuzzHTTPState found one), and a server's `Date` or `Expires` must
/// never crash a client; it also cost tens of microseconds a call.
package enum HTTPDate {
    /// Parses an HTTP date, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`; `nil` if it is none of the three forms or
    /// names a day, hour, minute or second that does not exist. Names are matched without regard to case and
    /// runs of spaces are accepted where one is due. A two-digit RFC 850 year more than 50 years ahead of today
    /// means the century before (§5.6.7).
    package static func parse(_ text: String) -> Date? {
        var reader = DateTextReader(Array(text.utf8))
        reader.skipSpaces()
        guard let weekday = reader.letters(), dayNames.contains(where: { $0.caseInsensitivelyEquals(weekday) })
            || longDayNames.contains(where: { $0.caseInsensitivelyEquals(weekday) }) else { return nil }
        var parts: (year: Int, month: Int, day: Int, time: (Int, Int, Int))
        if reader.take(UInt8(ascii: ",")) {
            // IMF-fixdate `06 Nov 1994 08:49:37 GMT` or RFC 850 `06-Nov-94 08:49:37 GMT`.
            reader.skipSpaces()
            guard let day = reader.number(digits: 1...2) else { return nil }
            if reader.take(UInt8(ascii: "-")) {
                guard let month = reader.month(), reader.take(UInt8(ascii: "-")),
                      let shortYear = reader.number(digits: 2...2) else { return nil }
                parts = (year: fullYear(shortYear), month: month, day: day, time: (0, 0, 0))
            } else {
                guard reader.skipSpaces(), let month = reader.month(), reader.skipSpaces(),
                      let year = reader.number(digits: 4...4) else { return nil }
                parts = (year: year, month: month, day: day, time: (0, 0, 0))
            }
            guard reader.skipSpaces(), let time = reader.time(), reader.skipSpaces(), reader.take("GMT") else { return nil }
            parts.time = time
        } else {
            // asctime `Nov  6 08:49:37 1994`.
            guard reader.skipSpaces(), let month = reader.month(), reader.skipSpaces(),
                  let day = reader.number(digits: 1...2), reader.skipSpaces(), let time = reader.time(),
                  reader.skipSpaces(), let year = reader.number(digits: 4...4) else { return nil }
            parts = (year: year, month: month, day: day, time: time)
        }
        reader.skipSpaces()
        guard reader.isAtEnd, (1...Int(ProlepticGregorian.daysIn(month: Int64(parts.month), year: Int64(parts.year)))).contains(parts.day),
              parts.time.0 <= 23, parts.time.1 <= 59, parts.time.2 <= 60 else { return nil }
        let days = Int(ProlepticGregorian.days(year: Int64(parts.year), month: Int64(parts.month), day: Int64(parts.day)))
        let seconds = days * 86_400 + parts.time.0 * 3600 + parts.time.1 * 60 + parts.time.2
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Formats `date` as an IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT` (fractions of a second dropped).
    package static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        var text = dayNames[(days % 7 + 7 + 4) % 7] + ", " + twoDigits(day) + " " + monthNames[month - 1] + " "
        text += year >= 0 && year < 10_000 ? String(String(year + 10_000).dropFirst()) : String(year)
        text += " " + twoDigits(secondOfDay / 3600) + ":" + twoDigits(secondOfDay / 60 % 60) + ":" + twoDigits(secondOfDay % 60) + " GMT"
        return text
    }

    private static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let longDayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date `days` after 1970-01-01, in `Int`s.
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let date = ProlepticGregorian.date(daysSince1970: Int64(days))
        return (Int(date.year), Int(date.month), Int(date.day))
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }

    /// The four-digit year of a two-digit RFC 850 year: this century's, unless that is more than 50 years ahead.
    private static func fullYear(_ twoDigits: Int) -> Int {
        let thisYear = civil(fromDays: Int(Date().timeIntervalSince1970.rounded(.down)).floorDivided(by: 86_400)).year
        let candidate = thisYear - thisYear % 100 + twoDigits
        return candidate > thisYear + 50 ? candidate - 100 : candidate
    }
}

/// Reads the parts of a date string, one at a time, from its bytes.
private struct DateTextReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }

    /// Skips spaces and tabs; whether there was at least one.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = position
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        return position > start
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Takes `word` (ASCII letters), in any case.
    mutating func take(_ word: String) -> Bool {
        let end = position + word.utf8.count
        guard end <= bytes.count, word.caseInsensitivelyEquals(bytes[position..<end]) else { return false }
        position = end
        return true
    }

    /// A run of ASCII letters, if one starts here.
    mutating func letters() -> ArraySlice<UInt8>? {
        let start = position
        while position < bytes.count, (bytes[position] | 0x20) >= 0x61, (bytes[position] | 0x20) <= 0x7A { position += 1 }
        return position > start ? bytes[start..<position] : nil
    }

    /// A number of `digits` decimal digits (no more may follow).
    mutating func number(digits: ClosedRange<Int>) -> Int? {
        let start = position
        var value = 0
        while position < bytes.count, position - start < digits.upperBound, (0x30...0x39).contains(bytes[position]) {
            value = value * 10 + Int(bytes[position] - 0x30)
            position += 1
        }
        let count = position - start
        let followedByDigit = position < bytes.count && (0x30...0x39).contains(bytes[position])
        return digits.contains(count) && !followedByDigit ? value : nil
    }

    /// A three-letter month name, as 1–12.
    mutating func month() -> Int? {
        guard let name = letters(), let index = HTTPDate.monthNames.firstIndex(where: { $0.caseInsensitivelyEquals(name) }) else { return nil }
        return index + 1
    }

    /// `HH:MM:SS`, two digits each.
    mutating func time() -> (Int, Int, Int)? {
        guard let hour = number(digits: 2...2), take(UInt8(ascii: ":")), let minute = number(digits: 2...2),
              take(UInt8(ascii: ":")), let second = number(digits: 2...2) else { return nil }
        return (hour, minute, second)
    }
}

extension String {
    /// Whether these ASCII letters are `bytes`, in any case.
    fileprivate func caseInsensitivelyEquals(_ bytes: ArraySlice<UInt8>) -> Bool {
        utf8.count == bytes.count && zip(utf8, bytes).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }
}

extension Int {
    /// Division rounding toward negative infinity.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
