import Foundation

/// Why a response body could not be decoded, with enough of the response to debug it.
public struct DecodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// The type that was expected, e.g. `UserDTO`.
    public var typeName: String
    /// The coding path to the failing value, e.g. `items[3].userId`.
    public var codingPath: String
    /// The underlying error's description.
    public var message: String
    /// The status of the response that failed to decode (`nil` when decoded outside a client).
    public var statusCode: Int?
    /// The response's header fields (`Content-Type` often says what went wrong).
    public var headers: HTTPHeaders
    /// The first bytes of the body (at most `bodyPrefixLength`).
    public var bodyPrefix: Data
    /// The body's full length in bytes.
    public var bodyLength: Int

    /// How many bytes of the body a failure keeps.
    public static let bodyPrefixLength = 256

    /// Creates a failure.
    public init(
        typeName: String, codingPath: String, message: String,
        statusCode: Int? = nil, headers: HTTPHeaders = [:], body: Data = Data()
    ) {
        self.typeName = typeName
        self.codingPath = codingPath
        self.message = message
        self.statusCode = statusCode
        self.headers = headers
        self.bodyPrefix = Data(body.prefix(Self.bodyPrefixLength))
        self.bodyLength = body.count
    }

    /// A readable description: the type and coding path, the reason, then the response it came from.
    public var description: String {
        var text = codingPath.isEmpty ? "\(typeName): \(message)" : "\(typeName) at '\(codingPath)': \(message)"
        if let statusCode {
            text += " (HTTP \(statusCode)"
            if let contentType = headers["Content-Type"] { text += ", \(contentType)" }
            text += ", \(bodyLength) bytes"
            if !bodyPrefix.isEmpty {
                let preview = String(decoding: bodyPrefix.prefix(120), as: UTF8.self)
                    .split(whereSeparator: \.isNewline).joined(separator: " ")
                text += ": \(preview)\(bodyLength > 120 ? "…" : "")"
            }
            text += ")"
        }
        return text
    }
}
