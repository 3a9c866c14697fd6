import Foundation
import FoundationWorkarounds

/// The options of one `decode` call and the conversions from query text to values.
final class QueryDecodingContext {
    let options: URLQueryDecoder
    let userInfo: [CodingUserInfoKey: Any]
    let delimiter: Character?
    /// How many more missing elements (gaps such as indices 0…9 of `a[10]=x`) the sparse arrays of this
    /// query may still have: `maximumArrayIndex` in all, so many arrays cannot multiply the limit.
    private var remainingGaps: Int

    init(options: URLQueryDecoder) {
        self.options = options
        self.userInfo = options.userInfo
        self.delimiter = options.arrayDecodingStrategy.delimiter.map { Character(UnicodeScalar($0)) }
        self.remainingGaps = max(0, options.maximumArrayIndex)
    }

    /// Charges `count` gaps to the query's budget; false when it is exhausted.
    func takeGaps(_ count: Int) -> Bool {
        guard count <= remainingGaps else { return false }
        remainingGaps -= count
        return true
    }

    /// The key looked up in the query for a declared key.
    func wireKey(_ declared: String) -> String {
        switch options.keyDecodingStrategy {
        case .useDefaultKeys: declared
        case .convertFromSnakeCase: SnakeCase.fromCamelCase(declared)
        case .custom(let transform): transform(declared)
        }
    }

    /// The declared key for a key found in the query (used for `allKeys`, e.g. dictionaries).
    func declaredKey(_ wire: String) -> String {
        switch options.keyDecodingStrategy {
        case .useDefaultKeys, .custom: wire
        case .convertFromSnakeCase: SnakeCase.toCamelCase(wire)
        }
    }

    func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    /// A finite number, or a non-finite one spelled as the strategy allows.
    func double(_ text: String) -> Double? {
        if case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options.nonConformingFloatDecodingStrategy {
            if text == positiveInfinity { return .infinity }
            if text == negativeInfinity { return -.infinity }
            if text == nan { return .nan }
        }
        guard let value = Double(text), value.isFinite, Self.looksNumeric(text) else { return nil }
        return value
    }

    func float(_ text: String) -> Float? {
        if case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options.nonConformingFloatDecodingStrategy {
            if text == positiveInfinity { return .infinity }
            if text == negativeInfinity { return -.infinity }
            if text == nan { return .nan }
        }
        guard let value = Float(text), value.isFinite, Self.looksNumeric(text) else { return nil }
        return value
    }

    /// The date `text` stands for, `nil` when it is none; throws what a `.custom` closure throws, and for
    /// `.formatted` text that Foundation cannot be trusted with (see `FormatterDateParsing`).
    func date(_ text: String, at codingPath: [any CodingKey]) throws -> Date? {
        switch options.dateDecodingStrategy {
        case .iso8601WithFractionalSeconds, .iso8601:
            return ISO8601Format.date(from: text)
        case .secondsSince1970:
            return double(text).map { Date(timeIntervalSince1970: $0) }
        case .millisecondsSince1970:
            return double(text).map { Date(timeIntervalSince1970: $0 / 1000) }
        case .formatted(let formatter):
            switch FormatterDateParsing.parse(text, with: formatter) {
            case .date(let date): return date
            case .mismatch: return nil
            case .refused(let reason):
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath, debugDescription: "'\(text.prefix(64))' is not read as a date: \(reason)."
                ))
            }
        case .custom(let closure):
            return try closure(text)
        }
    }

    func data(_ text: String) throws -> Data? {
        switch options.dataDecodingStrategy {
        case .base64:
            return Data(base64Encoded: text)
        case .base64URL:
            var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while standard.utf8.count % 4 != 0 { standard.append("=") }
            return Data(base64Encoded: standard)
        case .custom(let closure):
            return try closure(text)
        }
    }

    func decimal(_ text: String) -> Decimal? {
        guard Self.looksNumeric(text) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// `[+-]digits[.digits][e[+-]digits]` — rejects `nan`, `inf`, hex floats and trailing garbage.
    static func looksNumeric(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        var mantissaDigits = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if let first = bytes.first, first == UInt8(ascii: "e") || first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
