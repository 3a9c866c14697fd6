/// Why a query or body could not be encoded.
public struct EncodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// What was being encoded.
    public enum Part: String, Sendable, Hashable {
        /// The query DTO.
        case query
        /// The body.
        case body
    }

    /// Which part failed.
    public var part: Part
    /// The coding path to the failing value, e.g. `filter.ids[0]`, when known.
    public var codingPath: String
    /// The underlying error's description.
    public var message: String

    /// Creates a failure.
    public init(part: Part, codingPath: String = "", message: String) {
        self.part = part
        self.codingPath = codingPath
        self.message = message
    }

    /// A readable description: `body at 'items[1].score': …`.
    public var description: String {
        codingPath.isEmpty ? "\(part): \(message)" : "\(part) at '\(codingPath)': \(message)"
    }
}
