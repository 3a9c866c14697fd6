import Foundation

/// A real HTTP/1.1 server on 127.0.0.1 for tests: script its responses and faults, drive it with any client
/// (URLSession, Courier, curl, raw sockets), then inspect the requests it recorded.
///
/// ```swift
/// let server = MockWebServer()
/// try server.start()
/// defer { server.shutdown() }
/// server.enqueue(.json(#"{"id":7}"#))
///
/// let (data, _) = try await URLSession.shared.data(from: server.url("/users/7?full=1"))
///
/// let request = try await server.takeRequest()
/// #expect(request.method == "GET")
/// #expect(request.path == "/users/7")
/// #expect(request.queryValue("full") == "1")
/// ```
///
/// **Choosing a response.** For each request the server takes the oldest response from the queue
/// (`enqueue(_:)`); when the queue is empty it asks the `dispatcher`; when there is no dispatcher either it
/// sends `defaultResponse` (404 unless changed). So a dispatcher can serve routine traffic while enqueued
/// responses script one-off answers and faults.
///
/// **Protocol.** HTTP/1.1 and 1.0 with keep-alive and pipelining; request bodies framed by `Content-Length`
/// or `Transfer-Encoding: chunked`; `Expect: 100-continue` is answered with `100 Continue`; responses
/// framed by `Content-Length`, chunked, or connection close; HEAD gets headers without a body. Bodies stream in
/// both directions: a generated or file body is never loaded whole, and uploads are recorded up to
/// `Configuration.maxRecordedBodyBytes`. Malformed requests are answered with 400 (431, 413, 501, 505 where
/// they apply), recorded in `malformedRequests`, and never stop the server. One thread serves each connection,
/// so hundreds of concurrent connections work. Writes never raise SIGPIPE.
///
/// **HTTPS.** With `Configuration.tls` the server speaks TLS (OpenSSL, Linux) with a certificate generated in the
/// test, and its URLs use `https://127.0.0.1`:
///
/// ```swift
/// let ca = try HeldCertificate.authority()
/// let server = try MockWebServer(configuration: .init(tls: .init(serving: ca)))
/// let tls = ca.trustingConfiguration   // for SocketTransport: trusts this CA only
/// ```
///
/// The server stops on `shutdown()` or when the last reference goes away.
public final class MockWebServer: Sendable {
    /// Chooses the response for a request when the queue is empty. It runs in a `Task` of its own (the
    /// connection waits for it), may suspend, and may throw: an error is answered with 500 and its description.
    public typealias Dispatcher = @Sendable (RecordedRequest) async throws -> MockResponse

    private let core: ServerCore

    /// Creates a server; it listens once `start()` is called (or `url(_:)`, `baseURL` or `port` is used).
    public init(configuration: Configuration = Configuration()) {
        core = ServerCore(configuration: configuration)
    }

    deinit {
        core.shutdown()
    }

    /// Binds 127.0.0.1 and starts accepting connections.
    /// - Throws: `MockWebServerError.cannotStart` if the port cannot be bound, `.alreadyStarted` on a second call.
    public func start() throws {
        try core.start()
    }

    /// Stops accepting, closes every connection, wakes `takeRequest` waiters with `.shutDown`, and waits
    /// (briefly) for the server's threads to finish. Calling it again does nothing.
    public func shutdown() {
        core.shutdown()
    }

    /// The port the server listens on. Starts the server if needed; 0 if it could not start.
    public var port: UInt16 {
        core.startIfNeeded()
        return core.port
    }

    /// `http://127.0.0.1:<port>` (`https` when the configuration has `tls`; starts the server if needed).
    public var baseURL: URL {
        url("/")
    }

    /// An `http://127.0.0.1:<port>` URL for `path`, which may carry a query (`"/search?q=a%20b"`); `https`
    /// when the configuration has `tls`. Starts the server if needed.
    public func url(_ path: String = "/") -> URL {
        let port = self.port
        let suffix = path.hasPrefix("/") ? path : "/" + path
        let origin = "\(scheme)://127.0.0.1:\(port)"
        if let url = URL(string: origin + suffix) { return url }
        let encoded = suffix.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "/"
        return URL(string: origin + encoded) ?? URL(fileURLWithPath: "/")
    }

    /// `https` for a server with TLS, else `http`.
    public var scheme: String {
        #if canImport(COpenSSL)
        if core.configuration.tls != nil { return "https" }
        #endif
        return "http"
    }

    /// Adds a response to the end of the queue.
    public func enqueue(_ response: MockResponse) {
        core.enqueue([response])
    }

    /// Adds responses to the end of the queue, in order.
    public func enqueue(contentsOf responses: [MockResponse]) {
        core.enqueue(responses)
    }

    /// The responses still waiting in the queue.
    public var queuedResponseCount: Int {
        core.state.withLock { $0.responses.count }
    }

    /// Answers requests when the queue is empty (see the type's documentation). Nil by default.
    public var dispatcher: Dispatcher? {
        get { core.state.withLock { $0.dispatcher } }
        set { core.state.withLock { $0.dispatcher = newValue } }
    }

    /// Sent when neither the queue nor a dispatcher supplies a response. `404 Not Found` by default.
    public var defaultResponse: MockResponse {
        get { core.state.withLock { $0.defaultResponse } }
        set { core.state.withLock { $0.defaultResponse = newValue } }
    }

    /// The next request not yet taken, in arrival order; waits up to `timeout` for one to arrive.
    /// - Throws: `MockWebServerError.noRequestWithin` after `timeout`, `.shutDown` if the server stops while
    ///   waiting, `CancellationError` if the task is cancelled.
    public func takeRequest(timeout: Duration = .seconds(10)) async throws -> RecordedRequest {
        try await core.takeRequest(timeout: timeout)
    }

    /// Waits until `condition` holds, checking it now and again each time the server's state changes: a
    /// request recorded or refused, a connection opened or closed, a `takeRequest` call starting to wait, a
    /// `MockWebSocket`'s transcript growing or its session ending.
    /// Returns false if `timeout` passes or the server shuts down first. For events a client cannot see,
    /// such as the server noticing that a client went away:
    ///
    /// ```swift
    /// #expect(await server.waitUntil { $0.openConnectionCount == 0 })
    /// ```
    @discardableResult
    public func waitUntil(timeout: Duration = .seconds(60), _ condition: (MockWebServer) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            let version = core.changeVersion
            if condition(self) { return true }
            guard ContinuousClock.now < deadline, !core.lifecycle.isStopped else { return condition(self) }
            await core.waitForChange(after: version, deadline: deadline)
        }
    }

    /// How many `takeRequest` calls are waiting for a request right now.
    public var waitingTakeRequestCount: Int {
        core.state.withLock { $0.waiters.count }
    }

    /// The bytes written to clients so far (heads and bodies, every connection together). A test of a client's
    /// backpressure compares it with what the client has read: a client that stops reading stops the server
    /// about a socket buffer later.
    public var bytesSent: Int64 {
        core.bytesSent.withLock { $0 }
    }

    /// How many complete requests the server has received.
    public var requestCount: Int {
        core.state.withLock { $0.recorded.count }
    }

    /// Every complete request received so far, in arrival order (whether taken or not).
    public var recordedRequests: [RecordedRequest] {
        core.state.withLock { $0.recorded }
    }

    /// Requests the server refused or could not finish reading, in order (see `MalformedRequest`).
    public var malformedRequests: [MalformedRequest] {
        core.state.withLock { $0.malformed }
    }

    /// How many connections the server has accepted in total.
    public var connectionCount: Int {
        core.state.withLock { $0.nextConnectionID }
    }

    /// How many connections are open right now.
    public var openConnectionCount: Int {
        core.state.withLock { $0.openConnections.count }
    }

    /// The largest number of connections that were open at the same time.
    public var peakOpenConnectionCount: Int {
        core.state.withLock { $0.peakOpenConnections }
    }
}
