@testable import Courier
import Foundation
import Testing

/// How URLSession's errors become `NetworkError`s (Darwin codes and Linux's libcurl messages).
@Suite struct ClientErrorMappingTests {
    @Test(arguments: [
        (URLError.Code.timedOut, "", TransportFailure.Kind.timedOut),
        (.cannotConnectToHost, "", .cannotConnect),
        (.cannotFindHost, "", .cannotConnect),
        (.notConnectedToInternet, "", .cannotConnect),
        (.networkConnectionLost, "", .connectionLost),
        (.unknown, "transfer closed with 99000 bytes remaining to read", .connectionLost),
        (.unknown, "Recv failure: Connection reset by peer", .connectionLost),
        (.unknown, "something else", .other),
        (.badServerResponse, "Empty reply from server", .connectionLost),
        (.badServerResponse, "", .badServerResponse),
        (.cannotParseResponse, "", .badServerResponse),
        (.unsupportedURL, "Unsupported HTTP version in response", .badServerResponse),
        (.dataLengthExceedsMaximum, "", .responseTooLarge),
        (.cannotWriteToFile, "", .fileSystem),
        (.badURL, "", .other),
    ])
    func urlErrorKinds(code: URLError.Code, message: String, kind: TransportFailure.Kind) {
        let error = URLError(code, userInfo: message.isEmpty ? [:] : [NSLocalizedDescriptionKey: message])
        guard case .transport(let failure) = NetworkError.from(error) else {
            Issue.record("expected a transport failure")
            return
        }
        #expect(failure.kind == kind)
        #expect(failure.code == code.rawValue)
    }

    @Test func cancellationIsCancelled() {
        #expect(NetworkError.from(URLError(.cancelled)) == .cancelled)
        #expect(NetworkError.from(CancellationError()) == .cancelled)
        #expect(NetworkError.from(NSError(domain: NSURLErrorDomain, code: URLError.Code.cancelled.rawValue)) == .cancelled)
    }

    @Test func networkErrorsPassThrough() {
        let error = NetworkError.decoding(DecodingFailure(typeName: "User", codingPath: "id", message: "x"))
        #expect(NetworkError.from(error) == error)
    }

    #if canImport(FoundationNetworking)
    @Test(arguments: [(Duration.milliseconds(200), 1.0), (.seconds(1), 1.0), (.milliseconds(1200), 2.0), (.seconds(30), 30.0)])
    func linuxTimeoutsRoundUpToWholeSeconds(requested: Duration, effective: Double) {
        #expect(URLSessionTransport.effectiveTimeout(requested) == effective)
    }
    #endif

    @Test func progressFraction() {
        #expect(TransferProgress(completedBytes: 50, totalBytes: 200).fractionCompleted == 0.25)
        #expect(TransferProgress(completedBytes: 50, totalBytes: nil).fractionCompleted == nil)
        #expect(TransferProgress(completedBytes: 0, totalBytes: 0).fractionCompleted == 1)
        #expect(TransferProgress(completedBytes: 10, totalBytes: -1).totalBytes == nil)
    }
}
