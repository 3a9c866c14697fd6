import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import CourierTesting

/// The README's examples, verbatim, so the documentation cannot drift from the API.
@Suite("MockWebServer README examples", .loopback)
struct ReadmeExampleTests {
    struct User: Codable, Sendable { var id: Int; var name: String }

    @Test func fetchesAUser() async throws {
        let server = MockWebServer()
        try server.start()                                   // binds 127.0.0.1 on a free port
        defer { server.shutdown() }                          // also happens when `server` goes away

        server.enqueue(.json(#"{"id":7,"name":"kim"}"#))     // script the next response

        let (data, response) = try await URLSession.shared.data(from: server.url("/users/7?expand=teams"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)

        let request = try await server.takeRequest()         // what the client really sent
        #expect(request.method == "GET")
        #expect(request.path == "/users/7")                  // percent-decoded path
        #expect(request.queryValue("expand") == "teams")
        #expect(request.headers["accept"] != nil)            // case-insensitive lookup, wire order kept
        #expect(String(decoding: data, as: UTF8.self) == #"{"id":7,"name":"kim"}"#)
    }

    @Test func dispatcherExample() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.dispatcher = { request in                         // @Sendable, may be async and may throw (→ 500)
            switch request.path {
            case "/health": .text("ok")
            case "/users": try .json([User(id: 1, name: "kim")])
            default: MockResponse(status: 404)
            }
        }
        let session = HTTPClient.session()
        let (health, _) = try await HTTPClient.get(server.url("/health"), session: session)
        let (users, _) = try await HTTPClient.get(server.url("/users"), session: session)
        let (_, missing) = try await HTTPClient.get(server.url("/other"), session: session)
        #expect(String(decoding: health, as: UTF8.self) == "ok")
        #expect(try JSONDecoder().decode([User].self, from: users).map(\.name) == ["kim"])
        #expect(missing.statusCode == 404)
    }
}
