import Foundation

/// `DateFormatter.date(from:)` for text that arrived over the network.
///
/// On Linux, Foundation (swift-corelibs-foundation) mishandles two kinds of text there, whatever the format:
/// - when the parse stops inside a character made of several Unicode scalars (`1` followed by the combining
///   U+0333, or between the CR and LF of a line break), it stops the process ("Incorrect range");
/// - when the text left over after the parse holds a scalar outside the Basic Multilingual Plane (an emoji,
///   say), it leaks 128 bytes a call.
/// Neither kind can be a date for the formatter: a parse that ends inside a character, or before a scalar
/// that is not whitespace, is `nil` on every platform. So on Linux such text is not handed to the formatter
/// and is refused with the reason; elsewhere it is parsed as it is. One cost of the rule: on Linux a format
/// whose symbols combine scalars (Thai or Devanagari month names, say) cannot be parsed this way.
package enum FormatterDateParsing {
    /// What the formatter made of the text.
    package enum Outcome {
        /// The date the formatter read.
        case date(Date)
        /// The formatter found no date in the text.
        case mismatch
        /// The text was not given to the formatter, for the reason given (see the type's comment).
        case refused(String)
    }

    package static func parse(_ text: String, with formatter: DateFormatter) -> Outcome {
        if let reason = refusal(of: text) { return .refused(reason) }
        return formatter.date(from: text).map(Outcome.date) ?? .mismatch
    }

    /// Why Foundation on this platform cannot be trusted with `text`, or `nil` when it can.
    static func refusal(of text: String) -> String? {
        #if canImport(Darwin)
        return nil
        #else
        // The common case, ASCII: every scalar is a character of its own but for CR LF.
        var previous: UInt8 = 0
        var isASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 { isASCII = false; break }
            if previous == UInt8(ascii: "\r") && byte == UInt8(ascii: "\n") { return Self.combinedCharacter }
            previous = byte
        }
        if isASCII { return nil }
        for character in text {
            let scalars = character.unicodeScalars
            if scalars.index(after: scalars.startIndex) != scalars.endIndex { return Self.combinedCharacter }
            if scalars.first.map({ $0.value > 0xFFFF }) == true {
                return "it holds a character outside the Basic Multilingual Plane, on which Foundation's DateFormatter on Linux leaks memory"
            }
        }
        return nil
        #endif
    }

    private static let combinedCharacter =
        "it holds a character made of several Unicode scalars, on which Foundation's DateFormatter on Linux can stop the process"
}
