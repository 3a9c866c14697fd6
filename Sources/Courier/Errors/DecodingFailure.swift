/// Why a response body could not be decoded.
public struct DecodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// The type that was expected, e.g. `UserDTO`.
    public var typeName: String
    /// The coding path to the failing value, e.g. `items[3].userId`.
    public var codingPath: String
    /// The underlying error's description.
    public var message: String

    /// Creates a failure.
    public init(typeName: String, codingPath: String, message: String) {
        self.typeName = typeName
        self.codingPath = codingPath
        self.message = message
    }

    /// A readable description.
    public var description: String {
        codingPath.isEmpty ? "\(typeName): \(message)" : "\(typeName) at '\(codingPath)': \(message)"
    }
}
