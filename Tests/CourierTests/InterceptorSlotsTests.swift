import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// The stack's two slots over real sockets: application interceptors see each call once, network interceptors
/// every attempt and every redirect hop as it went on the wire.
@Suite(.loopback) struct InterceptorSlotsTests {
    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    /// Records the method and path of every request it passes on.
    struct Recorder: Interceptor {
        let seen = LockedState<[String]>([])
        var requests: [String] { seen.withLock { $0 } }

        func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
            seen.withLock { $0.append("\(request.method.rawValue) \(request.url.path)") }
            return try await next(request)
        }
    }

    func client(_ transport: TransportKind, application: Recorder, network: [any Interceptor]) -> NetworkClient {
        var configuration = NetworkClient.Configuration(
            timeout: loopbackHangGuard, retryPolicy: RetryPolicy(maxAttempts: 3, deadline: nil),
            interceptors: [application], networkInterceptors: network, transport: transport.make())
        configuration.retryClock = FakeRetryClock().clock
        return NetworkClient(baseURL: server.url("/"), configuration: configuration)
    }

    @Test(arguments: TransportKind.available)
    func applicationInterceptorsSeeOneCallAndNetworkInterceptorsEveryAttemptAndHop(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 503, headers: ["Set-Cookie": "session=s3cret; Path=/"]))
        server.enqueue(MockResponse(status: 302, headers: ["Location": "/b"]))
        server.enqueue(MockResponse(body: "ok"))
        let application = Recorder()
        let network = Recorder()
        let logger = CollectingLogger()
        let client = client(transport, application: application, network: [network, LoggingInterceptor(logger: logger, logHeaders: true)])
        let response = try await client.response(Call(path: "/a").decoding(Data.self))
        #expect(response.value == Data("ok".utf8))
        #expect(application.requests == ["GET /a"])
        #expect(network.requests == ["GET /a", "GET /a", "GET /b"])
        // The network logger saw the jar's cookie on the attempts after the first, redacted.
        let sentCookies = logger.events.compactMap { event -> String? in
            if case .request(_, _, let headers, _, _) = event { headers["Cookie"] ?? "-" } else { nil }
        }
        #expect(sentCookies == ["-", Redaction().placeholder, Redaction().placeholder])
        // And the default fields that went with every attempt.
        let sentEncodings = logger.events.compactMap { event -> String? in
            if case .request(_, _, let headers, _, _) = event { headers["Accept-Encoding"] ?? "-" } else { nil }
        }
        #expect(sentEncodings == Array(repeating: "gzip, deflate", count: 3))
        #expect(server.recordedRequests.map { $0.headers["Cookie"] ?? "-" } == ["-", "session=s3cret", "session=s3cret"])
    }

    /// Widens the acceptable statuses on the way down.
    struct AcceptNotFound: Interceptor {
        func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
            var request = request
            request.acceptableStatusCodes.insert(404)
            return try await next(request)
        }
    }

    @Test(arguments: TransportKind.available)
    func aNetworkInterceptorThatWidensTheAcceptableStatusesIsHonoured(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 404, body: "[]"))
        server.enqueue(MockResponse(status: 404, body: "[]"))
        let widened = NetworkClient(baseURL: server.url("/"), configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: .never, networkInterceptors: [AcceptNotFound()], transport: transport.make()))
        let response = try await widened.response(Call(path: "/missing").decoding([Int].self))
        #expect(response.statusCode == 404 && response.value.isEmpty)
        let plain = NetworkClient(baseURL: server.url("/"), configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: .never, transport: transport.make()))
        await #expect(throws: NetworkError.self) { try await plain.send(Call(path: "/missing").decoding([Int].self)) }
    }
}
