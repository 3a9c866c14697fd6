extension URLQueryEncoder {
    /// Why a value could not be written as a query. Every case but `unsupportedTopLevelValue` carries
    /// the coding path of the offending value.
    ///
    /// A typed error rather than a best guess: a value written in a form the server reads differently (an
    /// array split on a delimiter it contains, two values under one name) would change the request's meaning
    /// without any failure. Courier reports it as `NetworkError.encoding` with part `.query`.
    public enum EncodingError: Error, Sendable, Equatable, CustomStringConvertible {
        /// A scalar or an array at the top level without `rootKey:` (a query needs names); pass `rootKey:` to
        /// name it.
        case unsupportedTopLevelValue
        /// NaN or ±infinity under `NonConformingFloatEncodingStrategy.throw` (the default); choose
        /// `.convertToString` if the server has a spelling for them.
        case nonFiniteNumber(codingPath: [any CodingKey])
        /// An array or object inside an array under a strategy that cannot express it: an array in an array
        /// under every array strategy but `.indexed`; an object in an array under `.repeated` and the delimited
        /// strategies, or with `.flattened` object keys; a `.bracketed` array of objects in a shape Rack would
        /// read back differently. `reason` says which and what to choose instead.
        case unsupportedNesting(codingPath: [any CodingKey], reason: String)
        /// An element of a delimited array (`.commaSeparated`, `.pipeDelimited`, `.spaceDelimited`)
        /// contains the delimiter, so the server would split it; choose `.repeated` for such values.
        case delimiterInValue(codingPath: [any CodingKey], delimiter: String)
        /// A dictionary whose keys are neither `String`, `Int` nor `CodingKeyRepresentable`: a query name must be
        /// text, and Swift encodes such a dictionary as an array of alternating keys and values.
        case nonStringDictionaryKey(codingPath: [any CodingKey])
        /// Two values end up under the same name (under `.flattened`, `{a:{x:1}, b:{x:2}}`); the server would
        /// keep one of them. Rename a key or use `.brackets`.
        case keyCollision(codingPath: [any CodingKey], key: String)
        /// A value that has no query form, e.g. a date outside the years 1–9999, or nesting deeper than 128 levels
        /// (a reference cycle, most likely); `reason` says which.
        case invalidValue(codingPath: [any CodingKey], reason: String)

        /// The coding path of the offending value (empty for `unsupportedTopLevelValue`), to find the property in
        /// the DTO.
        public var codingPath: [any CodingKey] {
            switch self {
            case .unsupportedTopLevelValue: []
            case .nonFiniteNumber(let path), .unsupportedNesting(let path, _), .delimiterInValue(let path, _),
                 .nonStringDictionaryKey(let path), .keyCollision(let path, _), .invalidValue(let path, _):
                path
            }
        }

        /// A readable description naming the path, e.g. `non-finite number (NaN or infinity) at filter.ratio`.
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

        /// Two errors are equal when they have the same case, path (by key) and details (`CodingKey` is not
        /// `Equatable`, so paths compare by string and integer value); for tests.
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
