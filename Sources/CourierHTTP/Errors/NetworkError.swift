/// Every failure Courier reports: typed, `Sendable`, with a readable description.
///
/// The client's calls throw this type and nothing else, so one `catch` covers every way a request can fail and a
/// `switch` over the six cases is exhaustive; each case carries what is needed to act on it (see <doc:Errors>).
///
/// ```swift
/// do { _ = try await client.send(GetUser(id: 7)) }
/// catch NetworkError.httpStatus(let failure) where failure.statusCode == 404 { … }
/// catch let error as NetworkError { print(error) }
/// ```
public enum NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request could not be built from the endpoint (bad path, header, base URL, …); nothing was sent.
    ///
    /// A programming or configuration mistake rather than a network condition, so it is never retried.
    case configuration(reason: ConfigurationReason)
    /// The query or body could not be encoded, or a `BodySource` threw while producing the body (over every
    /// transport alike); the failure names the coding path. Nothing was sent, except when a streamed body fails
    /// part-way through: the request is then cut off before its end.
    case encoding(EncodingFailure)
    /// No usable response arrived (timeout, cannot connect, connection lost, …).
    ///
    /// The transient kinds (``RetryPolicy/isTransient(_:)``) of a request that may be resent have already been
    /// retried by its policy when this is thrown.
    case transport(TransportFailure)
    /// A response arrived with a status code outside the request's acceptable codes (200–299 by default).
    ///
    /// A status the retry policy lists (503, 429, …) has already been retried; the failure keeps the headers and
    /// the start of the body so an API's error document can still be read.
    case httpStatus(HTTPStatusFailure)
    /// The response body could not be decoded into the expected type; the failure keeps the coding path and
    /// the start of the body, so one log line finds the field.
    case decoding(DecodingFailure)
    /// The calling task was cancelled. Not a failure of the server or the network, so it is never retried, and
    /// an app usually shows the user nothing for it.
    case cancelled

    /// A readable, one-line description naming the case and its details, fit for a log line.
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
