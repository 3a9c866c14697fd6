import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport
#if os(Linux)
import CourierSockets
#endif

/// The rules of `RedirectInterceptor`, each a test over a real socket and over both transports (which follow no
/// redirects themselves). Serialized: its 60-odd cases would otherwise start 60-odd servers at once, which on a
/// loaded 2-core machine left some unanswered for the whole time bound.
@Suite(.serialized, .loopback) struct RedirectTests {
    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    func client(_ transport: TransportKind, configure: (inout NetworkClient.Configuration) -> Void = { _ in }) -> NetworkClient {
        var configuration = NetworkClient.Configuration(
            timeout: loopbackHangGuard, retryPolicy: .never, transport: transport.make(), cookiePolicy: .disabled)
        configure(&configuration)
        return NetworkClient(baseURL: server.baseURL, configuration: configuration)
    }

    /// `/from` redirects with `status` to `location`; everything else answers 200 with its own method and path.
    static func redirecting(_ status: Int, to location: String) -> MockWebServer.Dispatcher {
        { request in
            request.path.hasSuffix("/from")
                ? MockResponse(status: status, headers: ["Location": location], body: "moved")
                : .text("\(request.method) \(request.target)")
        }
    }

    func redirectFailure(_ error: (any Error)?) -> String? {
        guard case .transport(let failure) = error as? NetworkError, failure.kind == .redirect else { return nil }
        return failure.message
    }

    // MARK: Methods and bodies

    struct MethodRule: Sendable, CustomTestStringConvertible {
        let status: Int
        let method: HTTPMethod
        let expectedMethod: String
        let keepsBody: Bool
        var testDescription: String { "\(status) \(method.rawValue) → \(expectedMethod)\(keepsBody ? " with body" : "")" }
    }

    static let methodRules: [MethodRule] = [
        .init(status: 301, method: .post, expectedMethod: "GET", keepsBody: false),
        .init(status: 302, method: .post, expectedMethod: "GET", keepsBody: false),
        .init(status: 303, method: .post, expectedMethod: "GET", keepsBody: false),
        .init(status: 303, method: .put, expectedMethod: "GET", keepsBody: false),
        .init(status: 303, method: .head, expectedMethod: "HEAD", keepsBody: false),
        .init(status: 301, method: .put, expectedMethod: "PUT", keepsBody: true),
        .init(status: 302, method: .patch, expectedMethod: "PATCH", keepsBody: true),
        .init(status: 307, method: .post, expectedMethod: "POST", keepsBody: true),
        .init(status: 308, method: .put, expectedMethod: "PUT", keepsBody: true),
        .init(status: 307, method: .get, expectedMethod: "GET", keepsBody: false),
        .init(status: 308, method: .delete, expectedMethod: "DELETE", keepsBody: false),
    ]

    @Test(arguments: methodRules, TransportKind.available)
    func methodAndBodyPerStatus(_ rule: MethodRule, over transport: TransportKind) async throws {
        server.dispatcher = Self.redirecting(rule.status, to: "/to")
        var endpoint = EndpointBuilder<Data>.request(rule.method, "/from")
        let sendsBody = rule.method == .post || rule.method == .put || rule.method == .patch
        if sendsBody { endpoint = endpoint.body(.data(Data("payload".utf8), contentType: "text/x-payload")) }
        let response = try await client(transport).response(endpoint)
        #expect(response.statusCode == 200)
        #expect(response.redirects.map(\.statusCode) == [rule.status])
        _ = try await server.takeRequest()
        let landed = try await server.takeRequest()
        #expect(landed.method == rule.expectedMethod)
        #expect(landed.path == "/to")
        if rule.keepsBody {
            #expect(landed.body == Data("payload".utf8))
            #expect(landed.headers["Content-Type"] == "text/x-payload")
        } else {
            #expect(landed.body.isEmpty)
            #expect(landed.headers["Content-Type"] == nil)
            #expect(landed.headers["Content-Length"] == nil || landed.headers["Content-Length"] == "0")
        }
    }

    @Test(arguments: [307, 308], TransportKind.available)
    func aFileBodyIsReplayedFromDisk(status: Int, over transport: TransportKind) async throws {
        let bytes = MockResponse.generatedBytes(count: 300_000)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-redirect-\(UUID().uuidString)")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        server.dispatcher = Self.redirecting(status, to: "/to")
        _ = try await client(transport).response(.post("/from").body(.file(file, contentType: "application/octet-stream")))
        #expect(try await server.takeRequest().body == bytes)
        #expect(try await server.takeRequest().body == bytes)
    }

    // MARK: Locations

    static let locations: [(location: String, from: String, expected: String)] = [
        ("/to", "/a/from", "/to"),
        ("to", "/a/from", "/a/to"),
        ("../up", "/a/b/from", "/a/up"),
        ("?page=2", "/a/from", "/a/from?page=2"),
        ("  /trimmed  ", "/from", "/trimmed"),
        ("/encoded%20path?q=a%26b", "/from", "/encoded%20path?q=a%26b"),
    ]

    @Test(arguments: TransportKind.available)
    func relativeLocationsResolveAgainstTheAnsweringURL(over transport: TransportKind) async throws {
        for (location, from, expected) in Self.locations {
            server.dispatcher = { request in
                request.target == from ? MockResponse(status: 302, headers: ["Location": location]) : .text(request.target)
            }
            let response = try await client(transport).response(EndpointBuilder<Data>.get(EndpointPath(stringLiteral: from))
                .decoding(String.self, using: TextResponseDecoder()))
            #expect(response.value == expected, "Location \(location) from \(from)")
            #expect(response.redirects.first?.to.absoluteString == server.url("/").absoluteString.dropLast() + expected)
        }
    }

    @Test(arguments: TransportKind.available)
    func absoluteAndSchemeRelativeLocations(over transport: TransportKind) async throws {
        let other = MockWebServer()
        try other.start()
        defer { other.shutdown() }
        other.dispatcher = { .text($0.target) }
        for location in [other.url("/absolute").absoluteString, "//127.0.0.1:\(other.port)/scheme-relative"] {
            server.dispatcher = Self.redirecting(302, to: location)
            let response = try await client(transport).response(EndpointBuilder<Data>.get("/from").decoding(String.self, using: TextResponseDecoder()))
            #expect(response.value == "/" + location.split(separator: "/").last!)
            #expect(response.url?.port == Int(other.port))
        }
    }

    @Test(arguments: [
        "ftp://127.0.0.1/file", "file:///etc/passwd", "javascript:alert(1)", "mailto:someone@example.com", "http://",
        "http://exa mple.com/", "",
    ], TransportKind.available)
    func aLocationThatIsNotAnHTTPURLFails(location: String, over transport: TransportKind) async throws {
        server.dispatcher = Self.redirecting(302, to: location)
        let error = await #expect(throws: NetworkError.self) { try await client(transport).response(.get("/from")) }
        let message = try #require(redirectFailure(error), "got \(String(describing: error))")
        #expect(message.contains("Location"))
        #expect(server.requestCount == 1)
    }

    @Test(arguments: TransportKind.available)
    func aRedirectStatusWithoutLocationIsTheFinalResponse(over transport: TransportKind) async throws {
        server.enqueue(MockResponse(status: 302, body: "no location"))
        let response = try await client(transport).response(EndpointBuilder<Data>.get("/from").acceptableStatusCodes([302]))
        #expect(response.statusCode == 302)
        #expect(response.redirects.isEmpty)
        server.enqueue(MockResponse(status: 300, headers: ["Location": "/to"]))
        let error = await #expect(throws: NetworkError.self) { try await client(transport).response(.get("/choices")) }
        guard case .httpStatus(let failure)? = error else { Issue.record("expected httpStatus, got \(String(describing: error))"); return }
        #expect(failure.statusCode == 300)
        #expect(server.requestCount == 2)
    }

    // MARK: Chains

    @Test(arguments: TransportKind.available)
    func theResponseCarriesItsHistory(over transport: TransportKind) async throws {
        server.enqueue(MockResponse(status: 302, headers: ["Location": "/b"]))
        server.enqueue(MockResponse(status: 301, headers: ["Location": server.url("/c").absoluteString]))
        server.enqueue(.json(#"{"id":3,"name":"end"}"#))
        let response = try await client(transport).response(TypedCall<User>(path: "/a"))
        #expect(response.value.name == "end")
        #expect(response.url?.path == "/c")
        #expect(response.redirects == [
            Redirect(statusCode: 302, from: server.url("/a"), to: server.url("/b")),
            Redirect(statusCode: 301, from: server.url("/b"), to: server.url("/c")),
        ])
        #expect(server.requestCount == 3)
    }

    /// `/hop/N` redirects to `/hop/N+1` until `total`, then answers.
    func serveHops(_ total: Int) {
        server.dispatcher = { request in
            let n = Int(request.path.split(separator: "/").last ?? "") ?? 0
            return n < total ? MockResponse(status: 302, headers: ["Location": "/hop/\(n + 1)"]) : .text("done after \(n)")
        }
    }

    @Test(arguments: TransportKind.available)
    func twentyRedirectsAreFollowedByDefaultAndTheTwentyFirstFails(over transport: TransportKind) async throws {
        serveHops(20)
        let response = try await client(transport).response(.get("/hop/0"))
        #expect(response.redirects.count == 20)
        #expect(server.requestCount == 21)
        serveHops(21)
        let error = await #expect(throws: NetworkError.self) { try await client(transport).response(.get("/hop/0")) }
        #expect(redirectFailure(error)?.contains("more than 20 redirects") == true, "got \(String(describing: error))")
        #expect(server.requestCount == 21 + 21)
    }

    @Test(arguments: TransportKind.available)
    func theLimitIsPerRequestAndPerClient(over transport: TransportKind) async throws {
        serveHops(4)
        let limited = client(transport) { $0.redirectPolicy = .follow(maximum: 3) }
        let error = await #expect(throws: NetworkError.self) { try await limited.response(.get("/hop/0")) }
        #expect(redirectFailure(error)?.contains("more than 3 redirects") == true, "got \(String(describing: error))")
        #expect(server.requestCount == 4)
        let response = try await limited.response(EndpointBuilder<Data>.get("/hop/0").redirectPolicy(.follow(maximum: 4)))
        #expect(response.redirects.count == 4)
    }

    @Test(arguments: TransportKind.available)
    func aLoopFailsAsSoonAsAURLRepeats(over transport: TransportKind) async throws {
        server.dispatcher = { request in
            MockResponse(status: 302, headers: ["Location": request.path == "/a" ? "/b" : "/a"])
        }
        let error = await #expect(throws: NetworkError.self) { try await client(transport).response(.get("/a")) }
        #expect(redirectFailure(error)?.contains("loop") == true, "got \(String(describing: error))")
        #expect(server.requestCount == 2)
    }

    @Test(arguments: TransportKind.available)
    func theSameURLWithAnotherMethodOrQueryIsNoLoop(over transport: TransportKind) async throws {
        server.dispatcher = { request in
            switch (request.method, request.target) {
            case ("POST", "/login"): MockResponse(status: 303, headers: ["Location": "/login"])
            case ("GET", "/login"): MockResponse(status: 302, headers: ["Location": "/login?step=2"])
            default: .text("\(request.method) \(request.target)")
            }
        }
        let response = try await client(transport).response(EndpointBuilder<Data>.post("/login").decoding(String.self, using: TextResponseDecoder()))
        #expect(response.value == "GET /login?step=2")
        #expect(response.redirects.count == 2)
    }

    // MARK: Policies

    @Test(arguments: TransportKind.available)
    func neverReturnsTheRedirectItself(over transport: TransportKind) async throws {
        server.dispatcher = Self.redirecting(302, to: "/to")
        let response = try await client(transport).response(
            EndpointBuilder<Data>.get("/from").redirectPolicy(.never).acceptableStatusCodes([302]))
        #expect(response.statusCode == 302)
        #expect(response.headers["Location"] == "/to")
        #expect(response.value == Data("moved".utf8))
        let error = await #expect(throws: NetworkError.self) {
            try await client(transport) { $0.redirectPolicy = .never }.response(.get("/from"))
        }
        guard case .httpStatus(let failure)? = error else { Issue.record("expected httpStatus, got \(String(describing: error))"); return }
        #expect(failure.statusCode == 302)
        #expect(server.requestCount == 2)
    }

    @Test(arguments: TransportKind.available)
    func aDecisionClosureSeesEachHop(over transport: TransportKind) async throws {
        let other = MockWebServer()
        try other.start()
        defer { other.shutdown() }
        server.enqueue(MockResponse(status: 302, headers: ["Location": "/b"]))
        server.enqueue(MockResponse(status: 307, headers: ["Location": other.url("/elsewhere").absoluteString]))
        let seen = LockedState<[Redirect]>([])
        let sameHost = RedirectPolicy { hop in
            seen.withLock { $0.append(hop) }
            return hop.to.port == hop.from.port
        }
        let response = try await client(transport) { $0.redirectPolicy = sameHost }
            .response(EndpointBuilder<Data>.get("/a").acceptableStatusCodes([307]))
        #expect(response.statusCode == 307)
        #expect(response.redirects.map(\.to.path) == ["/b"])
        #expect(seen.withLock { $0 }.map(\.to.path) == ["/b", "/elsewhere"])
        #expect(other.requestCount == 0)
    }

    @Test(arguments: TransportKind.available)
    func interceptorsAboveSeeOneCallAndValidationTheFinalResponse(over transport: TransportKind) async throws {
        let calls = LockedState(0)
        struct Counting: Interceptor {
            let calls: LockedState<Int>
            func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
                calls.withLock { $0 += 1 }
                return try await next(request)
            }
        }
        server.enqueue(MockResponse(status: 302, headers: ["Location": "/b"]))
        server.enqueue(MockResponse(status: 302, headers: ["Location": "/c"]))
        server.enqueue(MockResponse(status: 404, body: "gone"))
        let error = await #expect(throws: NetworkError.self) {
            try await client(transport) { $0.interceptors = [Counting(calls: calls)] }.response(.get("/a"))
        }
        guard case .httpStatus(let failure)? = error else { Issue.record("expected httpStatus, got \(String(describing: error))"); return }
        #expect(failure.statusCode == 404)
        #expect(failure.body == Data("gone".utf8))
        #expect(calls.withLock { $0 } == 1)
        #expect(server.requestCount == 3)
    }

    // MARK: Credentials

    @Test(arguments: TransportKind.available)
    func aCrossOriginHopDropsCredentialsForTheRestOfTheChain(over transport: TransportKind) async throws {
        let other = MockWebServer()
        try other.start()
        defer { other.shutdown() }
        server.dispatcher = { request in
            request.path == "/start"
                ? MockResponse(status: 302, headers: ["Location": other.url("/away").absoluteString])
                : .text("back")
        }
        other.enqueue(MockResponse(status: 307, headers: ["Location": server.url("/back").absoluteString]))
        let headers: HTTPHeaders = ["Authorization": "Bearer T", "Cookie": "s=1", "Proxy-Authorization": "Basic P", "X-Kept": "yes"]
        _ = try await client(transport).response(EndpointBuilder<Data>.get("/start").headers(headers))
        let first = try await server.takeRequest()
        #expect(first.headers["Authorization"] == "Bearer T")
        for request in [try await other.takeRequest(), try await server.takeRequest()] {
            #expect(request.headers["Authorization"] == nil)
            #expect(request.headers["Cookie"] == nil)
            #expect(request.headers["Proxy-Authorization"] == nil)
            #expect(request.headers["X-Kept"] == "yes")
        }
    }

    #if os(Linux)
    @Test func httpsToHTTPIsRefusedUnlessAllowedAndHTTPToHTTPSIsFollowed() async throws {
        let ca = try HeldCertificate.authority()
        let secure = MockWebServer(configuration: .init(tls: try .init(serving: ca)))
        try secure.start()
        defer { secure.shutdown() }
        secure.dispatcher = { request in
            request.path == "/from" ? MockResponse(status: 302, headers: ["Location": server.url("/plain").absoluteString]) : .text("secure")
        }
        server.dispatcher = { request in
            request.path == "/up" ? MockResponse(status: 301, headers: ["Location": secure.url("/landed").absoluteString]) : .text("plain")
        }
        let transport = SocketTransport.testing(.init(tls: ca.trustingConfiguration))
        func client(_ policy: RedirectPolicy, baseURL: URL? = nil) -> NetworkClient {
            NetworkClient(baseURL: baseURL ?? secure.baseURL, configuration: .init(
                retryPolicy: .never, redirectPolicy: policy, transport: transport))
        }
        let error = await #expect(throws: NetworkError.self) { try await client(.follow).response(.get("/from")) }
        #expect(redirectFailure(error)?.contains("https to http") == true, "got \(String(describing: error))")
        #expect(server.requestCount == 0)
        let allowed = try await client(RedirectPolicy(allowsInsecureRedirects: true))
            .response(EndpointBuilder<Data>.get("/from").decoding(String.self, using: TextResponseDecoder()))
        #expect(allowed.value == "plain")
        let upgraded = try await client(.follow, baseURL: server.baseURL)
            .response(EndpointBuilder<Data>.get("/up").decoding(String.self, using: TextResponseDecoder()))
        #expect(upgraded.value == "secure")
    }
    #endif
}
