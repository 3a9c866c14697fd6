import Courier
import Foundation

/// An in-memory `Transport` for unit tests: answers from a script of responses, then from a handler closure
/// (or a fallback response), and records every request it was sent. No sockets, no threads.
///
/// Choose it over ``MockWebServer`` for fast unit tests of what a client does with responses (decoding, error
/// mapping, retries, interceptors); choose `MockWebServer` when the bytes on the wire matter (framing,
/// connection reuse, network faults). The stub is safe to share between tasks: its state is behind a lock.
///
/// ```swift
/// let stub = StubTransport()
/// stub.enqueue(.json(#"{"id":7}"#))
/// stub.enqueue(status: 503, headers: ["Retry-After": "1"])
/// let client = NetworkClient(baseURL: URL(string: "https://api.test")!, configuration: .init(transport: stub))
/// _ = try await client.send(GetUser(id: 7))
/// #expect(stub.requests.count == 1)
/// ```
public final class StubTransport: Transport, @unchecked Sendable {
    // `@unchecked Sendable` is safe: all mutable state is behind `lock`.

    /// Answers one request; throw to simulate a transport failure (throw a `NetworkError` so the client sees
    /// the same error a real transport would give).
    public typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private let lock = NSLock()
    private var script: [Result<HTTPResponse, NetworkError>] = []
    private var recorded: [HTTPRequest] = []
    private let handler: Handler?
    private let fallback: HTTPResponse
    private let recording: Bool
    private var sent = 0
    private var arrivals: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates a stub answering from its script; once the script is empty it answers `fallback`
    /// (404 with an empty body by default, so an unscripted request fails visibly). With `recording: false`
    /// requests are not kept, so a benchmark sending millions of them does not grow memory.
    public init(_ responses: [HTTPResponse] = [], fallback: HTTPResponse = HTTPResponse(statusCode: 404), recording: Bool = true) {
        self.script = responses.map { .success($0) }
        self.handler = nil
        self.fallback = fallback
        self.recording = recording
    }

    /// Creates a stub that answers with `handler` (after any responses enqueued later, which come first), for
    /// answers that depend on the request. With `recording: false` requests are not kept.
    public init(recording: Bool = true, handler: @escaping Handler) {
        self.handler = handler
        self.fallback = HTTPResponse(statusCode: 404)
        self.recording = recording
    }

    /// Appends a response to the script; scripted answers are used in order, before the handler or fallback.
    public func enqueue(_ response: HTTPResponse) {
        lock.withLock { script.append(.success(response)) }
    }

    /// Appends a response built from its parts to the script (200 with no headers and an empty body by
    /// default).
    public func enqueue(status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data()) {
        enqueue(HTTPResponse(statusCode: status, headers: headers, body: body))
    }

    /// Appends a failure to the script (e.g. `.transport(TransportFailure(kind: .timedOut, message: "…"))`), to
    /// test a client's retry and error handling without a network.
    public func enqueue(failure: NetworkError) {
        lock.withLock { script.append(.failure(failure)) }
    }

    /// Every request sent so far, in order, as the client's stack built it (after its interceptors); empty
    /// when the stub was made with `recording: false`.
    public var requests: [HTTPRequest] {
        lock.withLock { recorded }
    }

    /// Returns once `count` requests in all have reached the stub (at once if they already have): a test acts
    /// on a request in flight by waiting for this event, not for time to pass. It counts requests even with
    /// `recording: false`, and has no timeout: a test waiting for a request never sent hangs until the test
    /// runner's limit.
    ///
    /// ```swift
    /// let task = Task { try await client.send(SlowCall()) }
    /// await stub.waitForRequests()
    /// task.cancel()
    /// ```
    public func waitForRequests(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let arrived = lock.withLock { () -> Bool in
                if sent >= count { return true }
                arrivals.append((count, continuation))
                return false
            }
            if arrived { continuation.resume() }
        }
    }

    /// Records `request` and answers it from the script, else the handler, else the fallback. A response
    /// without a `location` gets the request's, as a real transport's would.
    /// - Throws: `NetworkError.cancelled` when the task is cancelled (the script entry is used up all the
    ///   same), a scripted failure, or whatever the handler throws.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (next, arrived) = lock.withLock { () -> (Result<HTTPResponse, NetworkError>?, [CheckedContinuation<Void, Never>]) in
            if recording { recorded.append(request) }
            sent += 1
            // Nobody waiting (the usual case): no filtering, no removal pass over the empty list.
            guard !arrivals.isEmpty else { return (script.isEmpty ? nil : script.removeFirst(), []) }
            let arrived = arrivals.filter { $0.count <= sent }.map(\.continuation)
            arrivals.removeAll { $0.count <= sent }
            return (script.isEmpty ? nil : script.removeFirst(), arrived)
        }
        for continuation in arrived { continuation.resume() }
        if Task.isCancelled { throw NetworkError.cancelled }
        if next == nil, let handler { return try await handler(request) }
        var response = try (next ?? .success(fallback)).get()
        if response.location == nil { response.location = request.location }
        return response
    }
}

extension HTTPResponse {
    /// A JSON response (`Content-Type: application/json`) with `text` as its body, sent as written, for
    /// ``StubTransport`` scripts.
    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}
