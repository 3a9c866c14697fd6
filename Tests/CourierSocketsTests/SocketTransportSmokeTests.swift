#if os(Linux)  // SocketTransport is Linux's transport
import Courier
import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

@Suite("SocketTransport smoke (Linux)", .loopback)
struct SocketTransportSmokeTests {
    @Test func getAndPostOverOneConnection() async throws {
        let server = MockWebServer()
        try server.start()
        server.enqueue(.json(#"{"id":1}"#))
        server.enqueue(.text("created", status: 201))
        server.enqueue(.generated(byteCount: 5_000_000))
        let client = NetworkClient(baseURL: server.url("/api"), configuration: .init(retryPolicy: .never, transport: SocketTransport.testing()))
        let first = try await client.response(.get("/one"))
        #expect(first.statusCode == 200)
        #expect(String(decoding: first.value, as: UTF8.self) == #"{"id":1}"#)
        let second = try await client.response(.post("/two").body(.data(Data("hello".utf8), contentType: "text/plain")))
        #expect(second.statusCode == 201)
        let big = try await client.response(.get("/big"))
        #expect(big.value == MockResponse.generatedBytes(count: 5_000_000))
        let recorded = try await server.takeRequest()
        #expect(recorded.path == "/api/one")
        let post = try await server.takeRequest()
        #expect(post.body == Data("hello".utf8))
        _ = try await server.takeRequest()
    }
}
#endif
