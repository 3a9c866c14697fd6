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
    /// Chooses the response for a request when the queue is empty, for tests whose answers depend on the
    /// request (routing by path, echoing a header) rather than on order. It runs in a `Task` of its own (the
    /// connection waits for it), may suspend, and may throw: an error is answered with 500 and its description,
    /// so a failing dispatcher shows up in the client's result instead of hanging the request.
    public typealias Dispatcher = @Sendable (RecordedRequest) async throws -> MockResponse

    private let core: ServerCore

    /// Creates a server; it listens once `start()` is called (or `url(_:)`, `baseURL` or `port` is used).
    /// Call `start()` yourself when a test must see a bind failure as an error: the lazy start swallows it.
    public init(configuration: Configuration = Configuration()) {
        core = ServerCore(configuration: configuration)
    }

    deinit {
        core.shutdown()
    }

    /// Binds 127.0.0.1 (or the configured Unix socket) and starts accepting connections, each served on a
    /// thread of its own.
    /// - Throws: `MockWebServerError.cannotStart` if the port or socket path cannot be bound or the TLS
    ///   certificate cannot be loaded, `.alreadyStarted` on a second call (even after `shutdown()`: a server
    ///   runs once; make a new one for a fresh start).
    public func start() throws {
        try core.start()
    }

    /// Stops accepting, closes every connection, wakes `takeRequest` waiters with `.shutDown`, and waits
    /// (briefly) for the server's threads to finish. Calling it again does nothing, so `defer { shutdown() }`
    /// is safe beside an explicit call; a test that ends without it still stops the server when the last
    /// reference goes away.
    public func shutdown() {
        core.shutdown()
    }

    /// The port the server listens on: a free one chosen by the system unless the configuration names one, so
    /// parallel tests never collide. Starts the server if needed; 0 if it could not start (or listens on a Unix
    /// socket).
    public var port: UInt16 {
        core.startIfNeeded()
        return core.port
    }

    /// `http://127.0.0.1:<port>/` (`https` when the configuration has `tls`; starts the server if needed): the
    /// base URL to configure a client under test with.
    public var baseURL: URL {
        url("/")
    }

    /// An `http://127.0.0.1:<port>` URL for `path`, which may carry a query (`"/search?q=a%20b"`); `https`
    /// when the configuration has `tls`. Starts the server if needed. A missing leading `/` is added, and a
    /// path that is not a valid URL is percent-encoded rather than trapping.
    public func url(_ path: String = "/") -> URL {
        let port = self.port
        let suffix = path.hasPrefix("/") ? path : "/" + path
        let origin = "\(scheme)://127.0.0.1:\(port)"
        if let url = URL(string: origin + suffix) { return url }
        let encoded = suffix.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "/"
        return URL(string: origin + encoded) ?? URL(fileURLWithPath: "/")
    }

    /// `https` for a server with TLS, else `http`, for tests that build URLs themselves.
    public var scheme: String {
        #if canImport(COpenSSL)
        if core.configuration.tls != nil { return "https" }
        #endif
        return "http"
    }

    /// Adds a response to the end of the queue. Enqueue before the client sends: each request takes the oldest
    /// queued response, so the order of `enqueue` calls is the order of the answers.
    public func enqueue(_ response: MockResponse) {
        core.enqueue([response])
    }

    /// Adds responses to the end of the queue, in order, for a test scripting a sequence (e.g. a 503 then a
    /// 200 to test a retry).
    public func enqueue(contentsOf responses: [MockResponse]) {
        core.enqueue(responses)
    }

    /// The responses still waiting in the queue; 0 at the end of a test shows the client sent every request
    /// the test scripted an answer for.
    public var queuedResponseCount: Int {
        core.state.withLock { $0.responses.count }
    }

    /// Answers requests when the queue is empty (see the type's documentation). Nil by default, so an
    /// unexpected request gets `defaultResponse` rather than some other test's answer.
    public var dispatcher: Dispatcher? {
        get { core.state.withLock { $0.dispatcher } }
        set { core.state.withLock { $0.dispatcher = newValue } }
    }

    /// Sent when neither the queue nor a dispatcher supplies a response. `404 Not Found` by default, so a
    /// request the test did not script fails visibly instead of looking like a success.
    public var defaultResponse: MockResponse {
        get { core.state.withLock { $0.defaultResponse } }
        set { core.state.withLock { $0.defaultResponse = newValue } }
    }

    /// The next request not yet taken, in arrival order; waits up to `timeout` (10 s by default) for one to
    /// arrive, so a test can check what the client sent without sleeping. The timeout only bounds a failing
    /// test; a passing one returns as soon as the request is there.
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

    /// How many `takeRequest` calls are waiting for a request right now, so a test can wait (with
    /// `waitUntil`) until another task is waiting before it sends.
    public var waitingTakeRequestCount: Int {
        core.state.withLock { $0.waiters.count }
    }

    /// The bytes written to clients so far (heads and bodies, every connection together). A test of a client's
    /// backpressure compares it with what the client has read: a client that stops reading stops the server
    /// about a socket buffer later.
    public var bytesSent: Int64 {
        core.bytesSent.withLock { $0 }
    }

    /// How many complete requests the server has received, taken or not: the number a retry or redirect test
    /// checks.
    public var requestCount: Int {
        core.state.withLock { $0.recorded.count }
    }

    /// Every complete request received so far, in arrival order (whether taken or not), for checking a whole
    /// exchange at once; each body is kept up to `Configuration.maxRecordedBodyBytes`.
    public var recordedRequests: [RecordedRequest] {
        core.state.withLock { $0.recorded }
    }

    /// Requests the server refused or could not finish reading, in order (see `MalformedRequest`): a test that
    /// expects none checks this is empty, which catches a client that writes a bad request the server answered
    /// with a 4xx the test never looked at.
    public var malformedRequests: [MalformedRequest] {
        core.state.withLock { $0.malformed }
    }

    /// How many connections the server has accepted in total; a test of connection reuse expects 1 after
    /// several requests.
    public var connectionCount: Int {
        core.state.withLock { $0.nextConnectionID }
    }

    /// How many connections are open right now, to check that a client closes what it no longer uses (wait for
    /// it with `waitUntil`, as the server notices a close only after the client makes it).
    public var openConnectionCount: Int {
        core.state.withLock { $0.openConnections.count }
    }

    /// The largest number of connections that were open at the same time, to test a client's limit on
    /// connections per host.
    public var peakOpenConnectionCount: Int {
        core.state.withLock { $0.peakOpenConnections }
    }
}
