#if os(Linux)
import Courier
import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// A WebSocket opened by a transport that speaks HTTP/2: the Upgrade goes over an HTTP/1.1 connection of its own
/// (WebSocket over HTTP/2, RFC 8441, is not spoken), while the transport's other requests keep HTTP/2.
@Suite("WebSocket beside HTTP/2 (Linux)", .loopback)
struct WebSocketBesideHTTP2Tests {
    struct Chat: Endpoint {
        var method: HTTPMethod { .get }
        var path: EndpointPath { "/chat" }
    }

    @Test("ALPN picks h2 for requests; the WebSocket's connection offers only http/1.1", .hangLimit(minutes: 1))
    func automaticOverTLS() async throws {
        let authority = try HeldCertificate.authority()
        var configuration = MockWebServer.Configuration(tls: try .init(serving: authority))
        configuration.http2.offeredOverTLS = true
        try await exchange(configuration, version: .automatic, tls: authority.trustingConfiguration)
    }

    @Test("prior knowledge on cleartext: the Upgrade still goes over HTTP/1.1", .hangLimit(minutes: 1))
    func priorKnowledge() async throws {
        try await exchange(MockWebServer.Configuration(), version: .http2PriorKnowledge, tls: nil)
    }

    /// A GET (recorded as HTTP/2), then an echoed WebSocket message (its Upgrade recorded as HTTP/1.1).
    private func exchange(_ serverConfiguration: MockWebServer.Configuration, version: SocketTransport.HTTPVersion, tls: TLSConfiguration?) async throws {
        let server = MockWebServer(configuration: serverConfiguration)
        try server.start()
        defer { server.shutdown() }
        var configuration = SocketTransport.Configuration(httpVersion: version)
        if let tls { configuration.tls = tls }
        let client = NetworkClient(baseURL: server.url("/"), configuration: .init(
            retryPolicy: .never, transport: SocketTransport(configuration: configuration)))
        server.enqueue(.text("plain"))
        server.enqueue(.webSocket(MockWebSocket([.echo], acceptsCompression: false)))

        #expect(try await client.response(.get("/plain")).value == Data("plain".utf8))
        #expect(try await server.takeRequest().version == "HTTP/2")

        let socket = try await client.webSocket(Chat(), configuration: WebSocketConfiguration(compression: false))
        var messages = socket.messages.makeAsyncIterator()
        try await socket.send(text: "over HTTP/1.1")
        #expect(try await messages.next() == .text("over HTTP/1.1"))
        try await socket.close(code: .normalClosure, reason: "done")
        #expect(try await server.takeRequest().version == "HTTP/1.1")
    }
}
#endif
