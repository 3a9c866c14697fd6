extension URLQueryEncoder {
    /// Why a value could not be written as a query. Every case but `unsupportedTopLevelValue` carries
    /// the coding path of the offending value.
    public enum EncodingError: Error, Sendable, Equatable, CustomStringConvertible {
        /// A scalar or an array at the top level without `rootKey:` (a query needs names).
        case unsupportedTopLevelValue
        /// NaN or ±infinity under `NonConformingFloatEncodingStrategy.throw`.
        case nonFiniteNumber(codingPath: [any CodingKey])
        /// An array or object inside an array under a strategy that cannot express it
        /// (every array strategy but `.indexed`, and objects in arrays under `.flattened`).
        case unsupportedNesting(codingPath: [any CodingKey], reason: String)
        /// An element of a delimited array (`.commaSeparated`, `.pipeDelimited`, `.spaceDelimited`)
        /// contains the delimiter, so the server would split it.
        case delimiterInValue(codingPath: [any CodingKey], delimiter: String)
        /// A dictionary whose keys are neither `String`, `Int` nor `CodingKeyRepresentable`.
        case nonStringDictionaryKey(codingPath: [any CodingKey])
        /// Two values end up under the same name (under `.flattened`, `{a:{x:1}, b:{x:2}}`).
        case keyCollision(codingPath: [any CodingKey], key: String)
        /// A value that has no query form, e.g. a date outside the years 1–9999.
        case invalidValue(codingPath: [any CodingKey], reason: String)

        /// The coding path of the offending value (empty for `unsupportedTopLevelValue`).
        public var codingPath: [any CodingKey] {
            switch self {
            case .unsupportedTopLevelValue: []
            case .nonFiniteNumber(let path), .unsupportedNesting(let path, _), .delimiterInValue(let path, _),
                 .nonStringDictionaryKey(let path), .keyCollision(let path, _), .invalidValue(let path, _):
                path
            }
        }

        /// A readable description naming the path, e.g. `non-finite number at filter.ratio`.
        public var description: String {
            let path = codingPath.isEmpty ? "the top level" : QueryCodingKey.render(codingPath)
            switch self {
            case .unsupportedTopLevelValue:
                return "a top-level scalar or array needs a rootKey: to name it"
            case .nonFiniteNumber:
                return "non-finite number (NaN or infinity) at \(path)"
            case .unsupportedNesting(_, let reason):
                return "cannot encode the value at \(path): \(reason)"
            case .delimiterInValue(_, let delimiter):
                return "the array element at \(path) contains the delimiter '\(delimiter)'"
            case .nonStringDictionaryKey:
                return "the dictionary at \(path) has keys that are not strings"
            case .keyCollision(_, let key):
                return "two values are written under the name '\(key)' (at \(path))"
            case .invalidValue(_, let reason):
                return "invalid value at \(path): \(reason)"
            }
        }

        /// Two errors are equal when they have the same case, path (by key) and details.
        public static func == (lhs: EncodingError, rhs: EncodingError) -> Bool {
            guard QueryCodingKey.samePath(lhs.codingPath, rhs.codingPath) else { return false }
            switch (lhs, rhs) {
            case (.unsupportedTopLevelValue, .unsupportedTopLevelValue),
                 (.nonFiniteNumber, .nonFiniteNumber),
                 (.nonStringDictionaryKey, .nonStringDictionaryKey):
                return true
            case (.unsupportedNesting(_, let a), .unsupportedNesting(_, let b)),
                 (.delimiterInValue(_, let a), .delimiterInValue(_, let b)),
                 (.keyCollision(_, let a), .keyCollision(_, let b)),
                 (.invalidValue(_, let a), .invalidValue(_, let b)):
                return a == b
            default:
                return false
            }
        }
    }
}
