import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension NetworkError {
    /// Maps any error a transport or a cancelled task can produce to a `NetworkError`.
    ///
    /// `URLError.cancelled` and `CancellationError` become `.cancelled` (Linux URLSession reports a cancelled
    /// Swift task as `URLError.cancelled`); other `URLError`s become `.transport` with the matching kind.
    package static func from(_ error: any Error) -> NetworkError {
        if let error = error as? NetworkError { return error }
        if error is CancellationError { return .cancelled }
        if let urlError = error as? URLError { return from(urlError) }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            if nsError.code == URLError.Code.cancelled.rawValue { return .cancelled }
            let message = nsError.localizedDescription
            let kind: TransportFailure.Kind = isMalformedBodyMessage(message) ? .badServerResponse
                : isConnectionLostMessage(message) ? .connectionLost : .other
            return .transport(TransportFailure(kind: kind, code: nsError.code, message: nsError.localizedDescription))
        }
        return .transport(TransportFailure(kind: .other, message: String(describing: error)))
    }

    /// Maps a `URLError` to `.cancelled` or `.transport` with the matching kind.
    static func from(_ error: URLError) -> NetworkError {
        let kind: TransportFailure.Kind
        switch error.code {
        case .cancelled, .userCancelledAuthentication:
            return .cancelled
        case .timedOut:
            kind = .timedOut
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
             .internationalRoamingOff, .callIsActive, .dataNotAllowed, .secureConnectionFailed:
            kind = .cannotConnect
        case .networkConnectionLost:
            kind = .connectionLost
        case .badServerResponse where error.localizedDescription.lowercased().contains("empty reply"):
            // libcurl's "Empty reply from server": the connection closed before any response (Darwin reports
            // networkConnectionLost).
            kind = .connectionLost
        case .unsupportedURL where error.localizedDescription.lowercased().contains("in response"):
            // libcurl's "Unsupported HTTP version in response": a garbled status line.
            kind = .badServerResponse
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
             .httpTooManyRedirects, .redirectToNonExistentLocation:
            kind = .badServerResponse
        case .dataLengthExceedsMaximum:
            kind = .responseTooLarge
        case .cannotCreateFile, .cannotOpenFile, .cannotCloseFile, .cannotWriteToFile, .cannotRemoveFile,
             .cannotMoveFile, .fileDoesNotExist, .fileIsDirectory, .noPermissionsToReadFile:
            kind = .fileSystem
        case .unknown where Self.isMalformedBodyMessage(error.localizedDescription):
            kind = .badServerResponse
        case .unknown where Self.isConnectionLostMessage(error.localizedDescription):
            kind = .connectionLost
        default:
            kind = .other
        }
        return .transport(TransportFailure(kind: kind, code: error.code.rawValue, message: error.localizedDescription))
    }

    /// Linux URLSession reports libcurl's mid-transfer failures as `URLError.unknown` with curl's message
    /// ("transfer closed with 99000 bytes remaining to read", "Empty reply from server", "Recv failure:
    /// Connection reset by peer"); Darwin reports them as `networkConnectionLost`.
    static func isConnectionLostMessage(_ message: String) -> Bool {
        let lowered = message.lowercased()
        return ["transfer closed", "empty reply", "connection reset", "recv failure", "send failure",
                "connection was reset", "partial file", "connection died"].contains { lowered.contains($0) }
    }

    /// libcurl's failures to decode the body's framing or content coding ("Illegal or missing hexadecimal
    /// sequence in chunked-encoding", "Malformed encoding found in chunked-encoding", "Error while processing
    /// content unencoding", "Unrecognized content encoding type"), which Linux URLSession reports as
    /// `URLError.unknown`: the server's reply is broken, not the connection.
    static func isMalformedBodyMessage(_ message: String) -> Bool {
        let lowered = message.lowercased()
        return ["chunked-encoding", "content unencoding", "content encoding", "unencoding"].contains { lowered.contains($0) }
    }
}
