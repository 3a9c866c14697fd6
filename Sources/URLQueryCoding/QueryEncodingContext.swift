import Foundation

/// The encoder's strategies, as the nested encoders read them.
struct QueryEncodingOptions: Sendable {
    var arrays: URLQueryEncoder.ArrayEncodingStrategy
    var objects: URLQueryEncoder.ObjectEncodingStrategy
    var keyEncodingStrategy: URLQueryEncoder.KeyEncodingStrategy
    var dateEncodingStrategy: URLQueryEncoder.DateEncodingStrategy
    var boolEncodingStrategy: URLQueryEncoder.BoolEncodingStrategy
    var dataEncodingStrategy: URLQueryEncoder.DataEncodingStrategy
    var nonConformingFloatEncodingStrategy: URLQueryEncoder.NonConformingFloatEncodingStrategy
    var userInfo: [CodingUserInfoKey: any Sendable]
}

/// The options shared by every nested encoder and container, with the conversions from values to
/// query text. Immutable, so one instance is built when the encoder is configured and reused by every
/// `encode` call.
final class QueryEncodingContext: Sendable {
    let options: QueryEncodingOptions
    /// `keyEncodingStrategy` is `.useDefaultKeys` (checked once, not per key).
    private let usesDefaultKeys: Bool
    private let trueText: String
    private let falseText: String
    /// Memory of the last large tree, for the next one (see `QuerySpareBlock`).
    let spareNodes = QuerySpareBlock<QueryEncodingTree.Node>()
    let spareEntries = QuerySpareBlock<QueryEncodedEntry>()
    let spareElements = QuerySpareBlock<QueryEncodedElement>()

    init(options: QueryEncodingOptions) {
        self.options = options
        if case .useDefaultKeys = options.keyEncodingStrategy { usesDefaultKeys = true } else { usesDefaultKeys = false }
        switch options.boolEncodingStrategy {
        case .literal: (trueText, falseText) = ("true", "false")
        case .numeric: (trueText, falseText) = ("1", "0")
        }
    }

    /// `Encoder.userInfo` (built on request: most `encode(to:)` implementations never read it).
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// The key as written, after `keyEncodingStrategy`.
    @inline(__always)
    func wireKey(_ key: String) -> String {
        if usesDefaultKeys { return key }
        switch options.keyEncodingStrategy {
        case .useDefaultKeys: return key
        case .convertToSnakeCase: return SnakeCase.fromCamelCase(key)
        case .custom(let transform): return transform(key)
        }
    }

    @inline(__always)
    func format(_ value: Bool) -> String {
        value ? trueText : falseText
    }

    func format(_ value: Double, codingPath: () -> [any CodingKey]) throws -> String {
        if value.isFinite { return value.description }
        return try nonFinite(isNaN: value.isNaN, isNegative: value < 0, codingPath: codingPath)
    }

    func format(_ value: Float, codingPath: () -> [any CodingKey]) throws -> String {
        if value.isFinite { return value.description }
        return try nonFinite(isNaN: value.isNaN, isNegative: value < 0, codingPath: codingPath)
    }

    private func nonFinite(isNaN: Bool, isNegative: Bool, codingPath: () -> [any CodingKey]) throws -> String {
        switch options.nonConformingFloatEncodingStrategy {
        case .throw:
            throw URLQueryEncoder.EncodingError.nonFiniteNumber(codingPath: codingPath())
        case .convertToString(let positiveInfinity, let negativeInfinity, let nan):
            return isNaN ? nan : (isNegative ? negativeInfinity : positiveInfinity)
        }
    }

    /// `scalar(for:codingPath:)` as a tree value, with integers kept as numbers.
    @inline(__always)
    func encodedScalar<T: Encodable>(for value: T, codingPath: () -> [any CodingKey]) throws -> QueryEncodedValue? {
        if T.self == Int.self { return .integer(unsafeBitCast(value, to: Int.self)) }
        if T.self == Int64.self { return QueryEncodedValue(integer: unsafeBitCast(value, to: Int64.self)) }
        return try scalar(for: value, codingPath: codingPath).map(QueryEncodedValue.scalar)
    }

    /// The written form of values that have a natural query form the standard library does not give
    /// them (`Date`, `Data`, `URL`, `UUID`, `Decimal`) and of the common scalars; `nil` for other types.
    @inline(__always)
    func scalar<T: Encodable>(for value: T, codingPath: () -> [any CodingKey]) throws -> String? {
        // Each `unsafeBitCast` below runs only after `T.self ==` proved T is exactly that type, so the
        // bits are a value of that type; a dynamic cast here would cost more than the formatting.
        if T.self == String.self { return unsafeBitCast(value, to: String.self) }
        if T.self == Int.self { return String(unsafeBitCast(value, to: Int.self)) }
        if T.self == Bool.self { return format(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Double.self { return try format(unsafeBitCast(value, to: Double.self), codingPath: codingPath) }
        if T.self == Date.self { return try format(unsafeBitCast(value, to: Date.self), codingPath: codingPath) }
        if T.self == Int64.self { return String(unsafeBitCast(value, to: Int64.self)) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return try format(decimal, codingPath: codingPath) }
        if T.self == URL.self, let url = value as? URL { return url.absoluteString }
        if T.self == UUID.self, let uuid = value as? UUID { return uuid.uuidString }
        if T.self == Data.self, let data = value as? Data { return try format(data) }
        return nil
    }

    func format(_ date: Date, codingPath: () -> [any CodingKey]) throws -> String {
        switch options.dateEncodingStrategy {
        case .iso8601WithFractionalSeconds, .iso8601:
            let fractional: Bool
            if case .iso8601 = options.dateEncodingStrategy { fractional = false } else { fractional = true }
            guard let text = ISO8601Format.string(from: date, fractionalSeconds: fractional) else {
                throw URLQueryEncoder.EncodingError.invalidValue(
                    codingPath: codingPath(), reason: "the date is outside the years 1–9999 ISO-8601 can write"
                )
            }
            return text
        case .secondsSince1970:
            return try Self.plainNumber(date.timeIntervalSince1970, codingPath: codingPath)
        case .millisecondsSince1970:
            return try Self.plainNumber((date.timeIntervalSince1970 * 1000).rounded(), codingPath: codingPath)
        case .formatted(let formatter):
            return formatter.string(from: date)
        case .custom(let closure):
            return try closure(date)
        }
    }

    func format(_ decimal: Decimal, codingPath: () -> [any CodingKey]) throws -> String {
        if decimal.isNaN {
            throw URLQueryEncoder.EncodingError.nonFiniteNumber(codingPath: codingPath())
        }
        return decimal.description
    }

    func format(_ data: Data) throws -> String {
        switch options.dataEncodingStrategy {
        case .base64:
            return data.base64EncodedString()
        case .base64URL:
            var text = data.base64EncodedString()
            text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            while text.hasSuffix("=") { text.removeLast() }
            return text
        case .custom(let closure):
            return try closure(data)
        }
    }

    /// `1714566600` for whole numbers (no `.0`), the shortest exact decimal otherwise.
    private static func plainNumber(_ value: Double, codingPath: () -> [any CodingKey]) throws -> String {
        guard value.isFinite else {
            throw URLQueryEncoder.EncodingError.nonFiniteNumber(codingPath: codingPath())
        }
        if value == value.rounded(), abs(value) < 9.0e15 {
            return String(Int64(value))
        }
        return value.description
    }
}
