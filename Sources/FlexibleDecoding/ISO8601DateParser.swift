import Foundation

/// A fast, allocation-free ISO-8601 / RFC 3339 timestamp parser (no `Calendar`, no formatter, no locks).
///
/// Accepts `YYYY-MM-DD`, optionally followed by `T`/`t`/space and `HH:MM[:SS[.fraction]]` and a zone
/// (`Z`, `z`, `±HH:MM`, `±HHMM`, `±HH`). A time without a zone is rejected (it would be ambiguous); a bare
/// date means midnight UTC. Fields are range-checked (month 1–12, day within the month, 23:59:59).
enum ISO8601DateParser {
    static func date(from text: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = Reader(text: text)
        guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2), reader.skip("-"),
              let day = reader.digits(2), (1...12).contains(month), day >= 1, day <= daysInMonth(year, month)
        else { return nil }
        var seconds = daysSince1970(year: year, month: month, day: day) * 86_400
        if reader.isAtEnd { return Date(timeIntervalSince1970: Double(seconds)) }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
              let hour = reader.digits(2), hour < 24, reader.skip(":"), let minute = reader.digits(2), minute < 60
        else { return nil }
        var second = 0
        var fraction = 0.0
        if reader.skip(":") {
            guard let parsed = reader.digits(2), parsed < 60 else { return nil }
            second = parsed
            if reader.skip(".") || reader.skip(",") {
                var scale = 0.1
                var any = false
                while let digit = reader.digit() {
                    fraction += Double(digit) * scale
                    scale /= 10
                    any = true
                }
                guard any else { return nil }
            }
        }
        seconds += hour * 3600 + minute * 60 + second
        if reader.skip("Z") || reader.skip("z") {
            // UTC
        } else if let sign = reader.sign() {
            guard let offsetHours = reader.digits(2), offsetHours < 24 else { return nil }
            var offsetMinutes = 0
            if reader.skip(":") {
                guard let parsed = reader.digits(2) else { return nil }
                offsetMinutes = parsed
            } else if let parsed = reader.digits(2) {
                offsetMinutes = parsed
            }
            guard offsetMinutes < 60 else { return nil }
            seconds -= sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard reader.isAtEnd else { return nil }
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private struct Reader {
        let text: UnsafeBufferPointer<UInt8>
        var position = 0

        var isAtEnd: Bool { position == text.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < text.count, text[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        mutating func digit() -> Int? {
            guard position < text.count, case let value = text[position] &- UInt8(ascii: "0"), value < 10 else { return nil }
            position += 1
            return Int(value)
        }

        mutating func digits(_ count: Int) -> Int? {
            let start = position
            var value = 0
            for _ in 0..<count {
                guard let next = digit() else {
                    position = start
                    return nil
                }
                value = value * 10 + next
            }
            return value
        }

        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
