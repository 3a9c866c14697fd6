/// Why a query or body could not be encoded: the payload of ``NetworkError/encoding(_:)``.
///
/// Encoding happens before anything is sent, so a DTO the encoder cannot express (a NaN, a nested array the
/// query convention has no syntax for, …) never produces a half-written request.
public struct EncodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// What was being encoded, so a failure says whether to look at the query DTO or the body.
    public enum Part: String, Sendable, Hashable {
        /// The query DTO, encoded by the request's `URLQueryEncoder`.
        case query
        /// The body, encoded by the endpoint's body encoder (JSON, form, multipart, …) or produced by a
        /// `BodySource`.
        case body
    }

    /// Which part failed: the query or the body.
    public var part: Part
    /// The coding path to the failing value, e.g. `filter.ids[0]`; empty when the encoder did not say (or the
    /// top-level value failed).
    public var codingPath: String
    /// The underlying error's description: what the encoder could not express.
    public var message: String

    /// Creates a failure; body encoders and tests use it; ``init(_:part:)`` builds one from a Swift `EncodingError`.
    public init(part: Part, codingPath: String = "", message: String) {
        self.part = part
        self.codingPath = codingPath
        self.message = message
    }

    /// A readable description, `body at 'items[1].score': …`, naming the part and the path first so a log line
    /// finds the field.
    public var description: String {
        codingPath.isEmpty ? "\(part): \(message)" : "\(part) at '\(codingPath)': \(message)"
    }
}
