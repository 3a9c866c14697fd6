/// Every failure Courier reports: typed, `Sendable`, with a readable description.
///
/// ```swift
/// do { _ = try await client.send(GetUser(id: 7)) }
/// catch NetworkError.httpStatus(let failure) where failure.statusCode == 404 { … }
/// catch let error as NetworkError { print(error) }
/// ```
public enum NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request could not be built from the endpoint (bad path, header, base URL, …).
    case configuration(reason: ConfigurationReason)
    /// The query or body could not be encoded.
    case encoding(EncodingFailure)
    /// No usable response arrived (timeout, cannot connect, connection lost, …).
    case transport(TransportFailure)
    /// A response arrived with a status code that is not acceptable.
    case httpStatus(HTTPStatusFailure)
    /// The response body could not be decoded into the expected type.
    case decoding(DecodingFailure)
    /// The task was cancelled.
    case cancelled

    /// A readable, one-line description.
    public var description: String {
        switch self {
        case .configuration(let reason): "Cannot build the request: \(reason)"
        case .encoding(let failure): "Could not encode the request \(failure)"
        case .transport(let failure): "No usable response: \(failure)"
        case .httpStatus(let failure): "Unacceptable status: \(failure)"
        case .decoding(let failure): "Could not decode the response: \(failure)"
        case .cancelled: "The request was cancelled"
        }
    }
}
