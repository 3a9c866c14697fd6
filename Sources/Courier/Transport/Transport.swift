import Foundation

/// Moves one request to the server and its response back: the bottom of the interceptor chain.
///
/// `URLSessionTransport` is the default; `StubTransport` (in CourierTesting) answers in memory for unit tests.
/// Only `send(_:)` is required; `upload` and `download` have defaults built on it (a transport that can
/// report progress or stream to disk overrides them).
public protocol Transport: Sendable {
    /// Sends `request` and returns the response, whatever its status. Throws `NetworkError` (`.transport`,
    /// `.cancelled`) when no response arrives.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Sends `request` like `send(_:)`, reporting how many body bytes have been sent.
    func upload(_ request: HTTPRequest, progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> HTTPResponse

    /// Sends `request` and stores the response body in the file at `destination` (replacing a file, never a
    /// directory) instead of in memory; the returned response has an empty `body` and
    /// `fileURL == destination`. Reports how many body bytes have been received.
    func download(
        _ request: HTTPRequest,
        to destination: URL,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> HTTPResponse
}

extension Transport {
    /// Sends with `send(_:)` and reports the whole body as sent once the response arrives.
    public func upload(_ request: HTTPRequest, progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> HTTPResponse {
        let response = try await send(request)
        if let length = request.body?.contentLength {
            progress(TransferProgress(completedBytes: length, totalBytes: length))
        }
        return response
    }

    /// Receives the body in memory with `send(_:)`, then writes it to `destination`.
    public func download(
        _ request: HTTPRequest,
        to destination: URL,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> HTTPResponse {
        var response = try await send(request)
        do {
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try response.body.write(to: destination, options: .atomic)
        } catch {
            throw NetworkError.transport(TransportFailure(
                kind: .fileSystem, message: "cannot write \(destination.path): \(error.localizedDescription)"))
        }
        let length = Int64(response.body.count)
        progress(TransferProgress(completedBytes: length, totalBytes: length))
        response.body = Data()
        response.fileURL = destination
        return response
    }
}
