import Foundation
import FoundationWorkarounds
import Testing

/// Every rule of `FormatterDateParsing`: which text reaches the formatter, and what comes back.
@Suite struct FormatterDateParsingTests {
    enum Expected { case date, mismatch, refusedOnLinux }

    static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd"
        return formatter
    }

    @Test(arguments: [
        ("2024/05/01", Expected.date),
        ("2024/05/01 ", .date),                           // trailing whitespace, as DateFormatter allows
        ("May 1", .mismatch),
        ("", .mismatch),
        ("2024/05/01é", .mismatch),                       // one scalar outside ASCII is handed over
        ("2024/05/01\u{AC00}", .mismatch),                // a precomposed Hangul syllable is one scalar
        ("\u{E01}2024/05/01", .mismatch),                 // so is a Thai consonant
        ("1\u{333}", .refusedOnLinux),                    // a combining mark after a digit: the trap
        ("2024/05/01\u{301}", .refusedOnLinux),
        ("2024/05/01\r\n", .refusedOnLinux),              // CR LF is one character of two scalars
        ("2024/05/01\u{1100}\u{1161}", .refusedOnLinux),  // a Hangul syllable spelled in jamo
        ("2024/05/01\u{1F1FA}\u{1F1F8}", .refusedOnLinux), // a flag: two regional indicators
        ("2024\u{1F600}", .refusedOnLinux),               // outside the BMP: the leak
        ("2024/05/01\u{10000}", .refusedOnLinux),
    ])
    func outcome(_ text: String, _ expected: Expected) {
        let outcome = FormatterDateParsing.parse(text, with: Self.formatter())
        switch (outcome, expected) {
        case (.date(let date), .date):
            #expect(date == Date(timeIntervalSince1970: 1_714_521_600))
        case (.mismatch, .mismatch):
            break
        #if canImport(Darwin)
        case (.mismatch, .refusedOnLinux):
            break
        #else
        case (.refused(let reason), .refusedOnLinux):
            #expect(reason.contains("DateFormatter on Linux"), "\(reason)")
        #endif
        default:
            Issue.record("\(text.unicodeScalars.map { String($0.value, radix: 16) }): \(outcome), expected \(expected)")
        }
    }

    /// Many formatters read at once: the guard keeps no state.
    @Test func concurrentParsesAgree() async {
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let text = index.isMultiple(of: 2) ? "2024/05/01" : "1\u{333}"
                    switch FormatterDateParsing.parse(text, with: Self.formatter()) {
                    case .date: return index.isMultiple(of: 2)
                    case .mismatch, .refused: return !index.isMultiple(of: 2)
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 16 && results.allSatisfy { $0 })
    }
}
