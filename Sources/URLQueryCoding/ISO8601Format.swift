import Foundation

/// A fast, locale-free ISO-8601 (RFC 3339) writer and reader for `Date`, always in UTC on output.
///
/// `ISO8601DateFormatter` costs microseconds per call; query strings are built on every request, so
/// Courier writes the few fixed-width fields itself.
package enum ISO8601Format {
    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in seconds since 1970.
    static let earliest: Double = -62_135_596_800
    static let latest: Double = 253_402_300_800

    /// The most bytes `write(_:fractionalSeconds:to:)` writes (with each `:` as `%3A`).
    static let maximumLength = 28

    /// `2024-05-01T12:30:00.250Z` (or without the fraction); `nil` outside the years 1–9999.
    package static func string(from date: Date, fractionalSeconds: Bool) -> String? {
        var fits = true
        let text = String(unsafeUninitializedCapacity: maximumLength) { buffer in
            guard let start = buffer.baseAddress, let length = write(date, fractionalSeconds: fractionalSeconds, to: start) else {
                fits = false
                return 0
            }
            return length
        }
        return fits ? text : nil
    }

    /// Writes `string(from:fractionalSeconds:)`'s text at `target` (room for `maximumLength` bytes) and
    /// returns its length; `nil`, with nothing written, outside the years 1–9999. With `percentEncoded`,
    /// each `:` is written as `%3A`: the text as a query value (its other bytes are unreserved).
    @inline(__always)
    static func write(_ date: Date, fractionalSeconds: Bool, percentEncoded: Bool = false,
                      to target: UnsafeMutablePointer<UInt8>) -> Int? {
        let reference = date.timeIntervalSinceReferenceDate
        let seconds1970 = reference + Date.timeIntervalBetween1970AndReferenceDate
        guard seconds1970.isFinite, seconds1970 >= earliest, seconds1970 < latest else { return nil }
        // Milliseconds since 1970, rounded from the reference-date value to avoid a double rounding.
        let totalMilliseconds = Int64((reference * 1000).rounded()) + 978_307_200_000
        var millisecondsInDay = totalMilliseconds % 86_400_000
        var days = totalMilliseconds / 86_400_000
        if millisecondsInDay < 0 {
            millisecondsInDay += 86_400_000
            days -= 1
        }
        let civil = ProlepticGregorian.date(daysSince1970: days)
        guard civil.year >= 1, civil.year <= 9999 else { return nil }
        let secondsInDay = millisecondsInDay / 1000
        var position = 0
        let pairs = DecimalDigits.pairs
        // Two digits of `value` (0–99), from the pair table.
        func twoDigits(_ value: Int64) {
            let pair = Int(truncatingIfNeeded: value) &* 2
            target[position] = pairs[pair]
            target[position + 1] = pairs[pair + 1]
            position += 2
        }
        func character(_ byte: UInt8) {
            target[position] = byte
            position += 1
        }
        func colon() {
            if percentEncoded {
                target[position] = UInt8(ascii: "%")
                target[position + 1] = UInt8(ascii: "3")
                target[position + 2] = UInt8(ascii: "A")
                position += 3
            } else {
                character(UInt8(ascii: ":"))
            }
        }
        twoDigits(civil.year / 100)
        twoDigits(civil.year % 100)
        character(UInt8(ascii: "-"))
        twoDigits(civil.month)
        character(UInt8(ascii: "-"))
        twoDigits(civil.day)
        character(UInt8(ascii: "T"))
        twoDigits(secondsInDay / 3600)
        colon()
        twoDigits(secondsInDay / 60 % 60)
        colon()
        twoDigits(secondsInDay % 60)
        if fractionalSeconds {
            let milliseconds = millisecondsInDay % 1000
            character(UInt8(ascii: "."))
            character(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: milliseconds / 100))
            twoDigits(milliseconds % 100)
        }
        character(UInt8(ascii: "Z"))
        return position
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`; `nil` for anything else.
    static func date(from string: String) -> Date? {
        let bytes = Array(string.utf8)
        var index = 0
        func number(_ width: Int) -> Int64? {
            guard index + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<width {
                let byte = bytes[index + offset]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            index += width
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              expect("Tt"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
              let second = number(2),
              (1...12).contains(month), (1...ProlepticGregorian.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }

        var fractionDigits: [UInt8] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                fractionDigits.append(bytes[index])
                index += 1
            }
            guard !fractionDigits.isEmpty else { return nil }
        }

        var offsetSeconds: Int64 = 0
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
            index += 1
        } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = number(2), offsetHours < 24 else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
            guard let offsetMinutes = number(2), offsetMinutes < 60 else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }

        let days = ProlepticGregorian.days(year: year, month: month, day: day)
        let seconds1970 = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        let secondsReference = seconds1970 - 978_307_200
        if fractionDigits.count <= 3 {
            // Whole milliseconds: build the value the way a millisecond date is built, so it round-trips.
            var milliseconds: Int64 = 0
            for position in 0..<3 {
                let digit = position < fractionDigits.count ? Int64(fractionDigits[position] - UInt8(ascii: "0")) : 0
                milliseconds = milliseconds * 10 + digit
            }
            return Date(timeIntervalSinceReferenceDate: Double(secondsReference * 1000 + milliseconds) / 1000)
        }
        let fraction = Double("0." + String(decoding: fractionDigits, as: UTF8.self)) ?? 0
        return Date(timeIntervalSinceReferenceDate: Double(secondsReference) + fraction)
    }
}
