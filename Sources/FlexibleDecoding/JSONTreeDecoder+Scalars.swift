import Foundation
import FoundationWorkarounds

/// Scalar conversions from a node to a Swift value, honouring the decoder's strategies.
/// They throw `ScalarFailure` (no path yet); the calling container adds the coding path.
extension JSONTreeDecoder {
    func unwrapString(at index: Int) throws(ScalarFailure) -> String {
        let value = document.nodes[index]
        guard value.kind == .string else { throw mismatch(String.self, value) }
        return document.string(of: value)
    }

    func unwrapBool(at index: Int) throws(ScalarFailure) -> Bool {
        let value = document.nodes[index]
        switch value.kind {
        case .true: return true
        case .false: return false
        case .number where flexibleBools, .string where flexibleBools:
            let text = value.kind == .string ? document.string(of: value) : String(decoding: document.text(of: value), as: UTF8.self)
            switch text {
            case "true", "1": return true
            case "false", "0": return false
            default:
                throw .typeMismatch("Expected to decode Bool but found \(value.kindDescription) \(quoted(value)), which is not true/false/1/0.")
            }
        default: throw mismatch(Bool.self, value)
        }
    }

    func unwrapInteger<T: FixedWidthInteger>(_: T.Type, at index: Int) throws(ScalarFailure) -> T {
        let value = document.nodes[index]
        let result: Result<T, NumericText.IntegerFailure>
        switch value.kind {
        case .number:
            if value.flags & JSONNode.nonInteger == 0 && value.length <= NumericText.shortIntegerLength,
               let integer = T(exactly: NumericText.shortInteger(document.text(of: value))) {
                return integer  // out-of-range values take the general path for its error
            }
            result = NumericText.integer(T.self, document.text(of: value), lenient: false, policy: configuration.fractionalIntegerPolicy)
        case .string where flexibleNumbers:
            if value.flags & JSONNode.escaped == 0 {
                result = NumericText.integer(T.self, document.text(of: value), lenient: true, policy: configuration.fractionalIntegerPolicy)
            } else {
                var text = document.string(of: value)
                result = text.withUTF8 { NumericText.integer(T.self, $0, lenient: true, policy: configuration.fractionalIntegerPolicy) }
            }
        default:
            throw mismatch(T.self, value)
        }
        switch result {
        case .success(let integer): return integer
        case .failure(.notANumber):
            throw .typeMismatch("Expected to decode \(T.self) but found the string \(quoted(value)), which is not a number.")
        case .failure(.fractional):
            throw .dataCorrupted("Parsed JSON \(value.kind == .string ? "string" : "number") \(quoted(value)) has a fractional part and cannot be decoded as \(T.self) (fractionalIntegerPolicy is .reject).")
        case .failure(.outOfRange):
            throw .dataCorrupted("Parsed JSON \(value.kind == .string ? "string" : "number") \(quoted(value)) does not fit in \(T.self).")
        }
    }

    func unwrapDouble(at index: Int) throws(ScalarFailure) -> Double {
        let value = document.nodes[index]
        if value.kind == .number {
            guard let double = NumericText.double(document.text(of: value)) else {
                throw .dataCorrupted("Parsed JSON number \(quoted(value)) does not fit in Double.")
            }
            return double
        }
        return try floatingPointFromString(Double.self, value)
    }

    func unwrapFloat(at index: Int) throws(ScalarFailure) -> Float {
        let value = document.nodes[index]
        if value.kind == .number {
            guard let float = NumericText.floatingPoint(Float.self, document.text(of: value)) else {
                throw .dataCorrupted("Parsed JSON number \(quoted(value)) does not fit in Float.")
            }
            return float
        }
        return try floatingPointFromString(Float.self, value)
    }

    /// Strings where a floating-point number is expected: the non-conforming spellings, then (flexible
    /// mode) numeric strings.
    private func floatingPointFromString<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _: T.Type, _ value: JSONNode
    ) throws(ScalarFailure) -> T {
        guard value.kind == .string else { throw mismatch(T.self, value) }
        let text = document.string(of: value)
        if case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = configuration.nonConformingFloatDecodingStrategy {
            if text == positiveInfinity { return .infinity }
            if text == negativeInfinity { return -.infinity }
            if text == nan { return .nan }
        }
        guard flexibleNumbers else { throw mismatch(T.self, value) }
        var utf8 = text
        guard utf8.withUTF8({ NumericText.isNumber($0, lenient: true) }) else {
            throw .typeMismatch("Expected to decode \(T.self) but found the string \(quoted(value)), which is not a number.")
        }
        guard let number = utf8.withUTF8({ NumericText.floatingPoint(T.self, $0) }) else {
            throw .dataCorrupted("Parsed JSON string \(quoted(value)) does not fit in \(T.self).")
        }
        return number
    }

    func unwrapDecimal(at index: Int) throws(ScalarFailure) -> Decimal {
        let value = document.nodes[index]
        let text: String
        switch value.kind {
        case .number:
            text = String(decoding: document.text(of: value), as: UTF8.self)
        case .string where flexibleNumbers:
            text = document.string(of: value)
            var utf8 = text
            guard utf8.withUTF8({ NumericText.isNumber($0, lenient: true) }) else {
                throw .typeMismatch("Expected to decode Decimal but found the string \(quoted(value)), which is not a number.")
            }
        default:
            throw mismatch(Decimal.self, value)
        }
        guard let decimal = Decimal(string: text, locale: nil) else {
            throw .dataCorrupted("Parsed JSON number \(quoted(value)) does not fit in Decimal.")
        }
        return decimal
    }

    func unwrapURL(at index: Int) throws(ScalarFailure) -> URL {
        let text = try unwrapString(at: index)
        guard let url = URL(string: text) else { throw .dataCorrupted("Invalid URL string.") }
        return url
    }

    func unwrapBase64(at index: Int) throws(ScalarFailure) -> Data {
        let text = try unwrapString(at: index)
        guard let data = Data(base64Encoded: text) else { throw .dataCorrupted("Encountered Data is not valid Base64.") }
        return data
    }

    /// Dates for the strategies that do not need `Date`'s own `init(from:)` or a custom closure.
    func unwrapDate(at index: Int) throws(ScalarFailure) -> Date {
        switch configuration.dateDecodingStrategy {
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try unwrapDouble(at: index))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try unwrapDouble(at: index) / 1000)
        case .iso8601:
            let value = document.nodes[index]
            guard value.kind == .string else { throw mismatch(Date.self, value) }
            guard let date = ISO8601DateParser.date(from: document.text(of: value)) else {
                throw .dataCorrupted("Expected date string to be ISO8601-formatted, found \(quoted(value)).")
            }
            return date
        case .formatted(let formatter):
            let text = try unwrapString(at: index)
            switch FormatterDateParsing.parse(text, with: formatter) {
            case .date(let date):
                return date
            case .mismatch:
                throw .dataCorrupted("Date string \"\(text)\" does not match format expected by formatter.")
            case .refused(let reason):
                throw .dataCorrupted("Date string \"\(text.prefix(64))\" is not read as a date: \(reason).")
            }
        case .deferredToDate, .custom:
            // Handled through `Date.init(from:)` or the closure by `decodeValue`.
            return Date(timeIntervalSinceReferenceDate: try unwrapDouble(at: index))
        }
    }

    /// The standard "expected X but found Y" failure (`valueNotFound` for `null`).
    func mismatch(_ type: Any.Type, _ value: JSONNode) -> ScalarFailure {
        if value.kind == .null {
            return .valueNotFound("Expected \(type) value but found null instead.")
        }
        return .typeMismatch("Expected to decode \(type) but found \(value.kindDescription) instead.")
    }

    /// The node's source text for messages (strings quoted, long text shortened).
    func quoted(_ value: JSONNode) -> String {
        let raw = String(decoding: document.text(of: value).prefix(64), as: UTF8.self)
        let shown = value.length > 64 ? raw + "…" : raw
        return value.kind == .string ? "\"\(shown)\"" : shown
    }
}
