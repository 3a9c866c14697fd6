import Foundation

/// Why a response body could not be decoded, with enough of the response to debug it: the payload of
/// ``NetworkError/decoding(_:)``.
///
/// A decoding failure is usually the server sending something else than the DTO expects (an HTML error page, a
/// renamed field, a string where a number was), so it keeps the status, the headers and the start of the body:
/// its description alone is enough to tell which.
public struct DecodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// The type that was being decoded, e.g. `UserDTO`.
    public var typeName: String
    /// The coding path to the failing value, e.g. `items[3].userId`; empty when the top-level value failed (or
    /// the decoder did not say).
    public var codingPath: String
    /// The underlying error's description: what was wrong at `codingPath` (type mismatch, missing key, …).
    public var message: String
    /// The status of the response that failed to decode (`nil` when decoded outside a client): a `200` with an
    /// unexpected body is a contract problem, an error status an acceptable-codes setting that let it through.
    public var statusCode: Int?
    /// The response's header fields: `Content-Type` often says what went wrong (`text/html` from a proxy's error
    /// page instead of JSON).
    public var headers: HTTPHeaders
    /// The first bytes of the body, at most ``bodyPrefixLength``: enough to recognise it without keeping a large
    /// body alive in an error.
    public var bodyPrefix: Data
    /// The body's full length in bytes, which says whether `bodyPrefix` is all of it.
    public var bodyLength: Int

    /// How many bytes of the body a failure keeps (256): a failure is logged and passed around, so it holds a
    /// preview, not the body.
    public static let bodyPrefixLength = 256

    /// Creates a failure, keeping the first ``bodyPrefixLength`` bytes of `body` and its length; response
    /// decoders and tests use it. ``init(_:decoding:)`` builds one from a Swift `DecodingError`.
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

    /// A readable description: the type and coding path, the reason, then the response it came from (status,
    /// content type, length and the first 120 bytes on one line), so one log line finds the field.
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
