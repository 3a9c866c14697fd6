import Courier
import CourierTesting
import Foundation
import Testing

/// What a wrapper around any API must be able to send and read, over a real loopback socket with each
/// transport: an exact URL, repeated header fields, and a typed error body for every kind of endpoint.
@Suite struct WrapperRequestTests {
    let server: MockWebServer

    init() throws { server = try startedServer() }

    func client(_ transport: TransportKind) -> NetworkClient {
        var configuration = NetworkClient.Configuration(timeout: loopbackHangGuard, retryPolicy: .never, transport: transport.make())
        configuration.headers["Accept"] = "text/html"   // replaced by the endpoint's own Accept fields
        return NetworkClient(baseURL: server.url("/"), configuration: configuration)
    }

    @Test(arguments: TransportKind.available) func repeatedFieldsOfOneNameReachTheServer(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 204))
        let endpoint = EndpointBuilder<Data>.get("/").addingHeader("Accept", "application/json").addingHeader("Accept", "text/plain")
        #expect(endpoint.headers.values(for: "Accept") == ["application/json", "text/plain"])
        _ = try await client(transport).response(endpoint)
        // SocketTransport sends each field on its own line (RFC 9110 §5.3); URLRequest keeps one value per name,
        // so URLSession sends them as one line joined with ", " (HTTPHeaders.combined).
        let expected = transport == .urlSession ? ["application/json, text/plain"] : ["application/json", "text/plain"]
        #expect(try await server.takeRequest().headers.values(for: "Accept") == expected)
    }

    struct Page: Encodable, Sendable { let page: Int }

    @Test(arguments: TransportKind.available) func anExactURLIsSentAsGiven(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(body: "one"))
        server.enqueue(MockResponse(body: "two"))
        let client = client(transport)
        // Another base path than the client's, and a signed query whose escapes and order must not change.
        let signed = try #require(URL(string: "http://127.0.0.1:\(server.port)/files/a%20b?sig=x%2By%3D&exp=1"))
        #expect(try await client.send(.get(url: signed)) == Data("one".utf8))
        #expect(try await server.takeRequest().target == "/files/a%20b?sig=x%2By%3D&exp=1")
        _ = try await client.send(.get(url: signed).query(Page(page: 2)))
        #expect(try await server.takeRequest().target == "/files/a%20b?sig=x%2By%3D&exp=1&page=2")
    }

    @Test(arguments: ["ftp://127.0.0.1/x", "http://127.0.0.1/x#part", "/relative?a=1", "http:/no-host"])
    func anExactURLIsCheckedLikeOthers(_ text: String) async throws {
        defer { server.shutdown() }
        let url = try #require(URL(string: text))
        await #expect {
            _ = try await client(.urlSession).send(.get(url: url))
        } throws: { error in
            guard case .configuration(reason: .invalidRequest) = error as? NetworkError else { return false }
            return true
        }
        #expect(server.requestCount == 0)
    }

    /// A router enum that is only an `Endpoint`, with its error body declared.
    enum Router: Endpoint {
        typealias APIErrorBody = APIProblem
        case user(Int)
        var method: HTTPMethod { .get }
        var path: EndpointPath { switch self { case .user(let id): "/users/\(id)" } }
    }

    static let problem = APIProblem(code: "user.missing", message: "no such user")

    @Test(arguments: TransportKind.available) func everyKindOfEndpointGetsItsTypedErrorBody(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        for _ in 0..<3 { server.enqueue(try MockResponse.json(Self.problem, status: 404)) }
        let client = client(transport)
        // A router enum declaring APIErrorBody, sent through `decoding`: decoded when the failure is thrown.
        let routed = try await statusFailure { _ = try await client.send(Router.user(7).decoding(User.self)) }
        #expect(routed.errorBody.map { $0 as? APIProblem } == Self.problem && routed.errorBodyFailure == nil)
        // A builder declaring nothing: decoded on demand, with the client's decoder.
        let built = try await statusFailure { _ = try await client.send(.get("/users/7").decoding(User.self)) }
        #expect(built.errorBody == nil && built.errorBody(as: APIProblem.self) == Self.problem)
        // A plain endpoint sent raw: the same call.
        let plain = try await statusFailure { _ = try await client.response(Call(path: "/users/7").decoding(Data.self)) }
        #expect(plain.errorBody(as: APIProblem.self) == Self.problem)
        #expect(plain.errorBody(as: [Int].self) == nil)
    }
}
