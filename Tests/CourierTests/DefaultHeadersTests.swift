import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// The client's default header fields, read off the wire: the same on both transports.
@Suite(.loopback) struct DefaultHeadersTests {
    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    func client(_ transport: TransportKind, headers: HTTPHeaders = [:]) -> NetworkClient {
        NetworkClient(baseURL: server.url("/"), configuration: .init(
            headers: headers, timeout: loopbackHangGuard, retryPolicy: .never, transport: transport.make()))
    }

    @Test(arguments: TransportKind.available)
    func userAgentAndAcceptEncodingAreTheClientsOwn(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        for _ in 0..<3 { server.enqueue(MockResponse(body: "ok")) }
        let client = client(transport)
        _ = try await client.response(Call(path: "/plain").decoding(Data.self))
        _ = try await client.response(Call(path: "/part", headers: ["Range": "bytes=0-1"]).decoding(Data.self))
        _ = try await client.response(Call(path: "/raw", headers: ["Accept-Encoding": "br"]).decoding(Data.self))
        let sent = server.recordedRequests.map { ($0.headers.values(for: "User-Agent"), $0.headers.values(for: "Accept-Encoding")) }
        #expect(sent.map(\.0) == Array(repeating: ["Courier/1.0.0"], count: 3))
        #expect(sent.map(\.1) == [["gzip, deflate"], ["identity"], ["br"]])
    }

    @Test(arguments: TransportKind.available)
    func aConfiguredUserAgentIsKept(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(body: "ok"))
        _ = try await client(transport, headers: ["User-Agent": "MyApp/2"]).response(Call(path: "/").decoding(Data.self))
        #expect(server.recordedRequests.first?.headers.values(for: "User-Agent") == ["MyApp/2"])
    }
}
