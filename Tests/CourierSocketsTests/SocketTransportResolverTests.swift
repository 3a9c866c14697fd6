#if os(Linux)
import Courier
import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// `SocketTransport.Configuration.resolver` over real sockets: a name that does not exist reaches MockWebServer
/// over HTTP and HTTPS (the certificate checked against that name), every address returned is tried, lookup
/// failures are `.cannotConnect`, and a host mapped to a Unix domain socket is served there.
@Suite("SocketTransport host resolver (Linux)", .loopback)
struct SocketTransportResolverTests {
    /// A name no DNS answers (RFC 6761 reserves `.invalid`).
    static let name = "api.courier.invalid"

    func client(_ url: URL, resolver: SocketTransport.HostResolver, tls: TLSConfiguration = TLSConfiguration()) -> NetworkClient {
        let transport = SocketTransport(configuration: .init(tls: tls, proxy: .none, resolver: resolver))
        return NetworkClient(baseURL: url, configuration: .init(timeout: .seconds(60), retryPolicy: .never, transport: transport))
    }

    func url(_ scheme: String, _ host: String, _ port: UInt16) -> URL {
        URL(string: "\(scheme)://\(host):\(port)/")!
    }

    @Test("over HTTP: a mapped name connects to 127.0.0.1 and is still the Host")
    func http() async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        server.enqueue(.text("resolved"))
        let client = client(url("http", Self.name, server.port), resolver: .mapping([Self.name.uppercased(): [.ip("127.0.0.1")]]))
        #expect(try await client.response(.get("/hello")).value == Data("resolved".utf8))
        #expect(try await server.takeRequest().headers["Host"] == "\(Self.name):\(server.port)")
    }

    @Test("over HTTPS: the certificate is checked against the URL's name; every address is tried in order")
    func https() async throws {
        let ca = try HeldCertificate.authority()
        let server = MockWebServer(configuration: .init(tls: .init(certificate: try .server(signedBy: ca, hosts: [Self.name]))))
        try server.start()
        defer { server.shutdown() }
        server.enqueue(.text("secure"))
        let asked = LockedState<[String]>([])
        // Nothing listens on ::1 (or there is no IPv6): that attempt fails and 127.0.0.1 is tried next.
        let resolver = SocketTransport.HostResolver { host, port in
            asked.withLock { $0.append("\(host):\(port)") }
            return [.ip("::1"), .ip("127.0.0.1")]
        }
        let response = try await client(url("https", Self.name, server.port), resolver: resolver, tls: ca.trustingConfiguration).response(.get("/tls"))
        #expect(response.value == Data("secure".utf8))
        #expect(asked.withLock { $0 } == ["\(Self.name):\(server.port)"])
        // The same address under another name fails verification: the name checked is the URL's, not the address.
        let other = client(url("https", "other.courier.invalid", server.port), resolver: resolver, tls: ca.trustingConfiguration)
        let error = await #expect(throws: NetworkError.self) { try await other.response(.get("/tls")) }
        guard case .transport(let failure) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(failure.kind == .tls)
    }

    struct Failing: Error {}

    @Test("a resolver that throws, gives nothing or gives a name is .cannotConnect; nil leaves the host to the system")
    func failures() async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        let resolvers: [(SocketTransport.HostResolver, String)] = [
            (SocketTransport.HostResolver { _, _ in throw Failing() }, "resolving"),
            (.mapping([Self.name: []]), "no address"),
            (.mapping([Self.name: [.ip("localhost")]]), "not an IP address"),
            (.mapping([Self.name: [.unixSocket(path: String(repeating: "x", count: 200))]]), "socket path"),
        ]
        for (resolver, says) in resolvers {
            let error = await #expect(throws: NetworkError.self) { try await client(url("http", Self.name, server.port), resolver: resolver).response(.get("/")) }
            guard case .transport(let failure) = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(failure.kind == .cannotConnect)
            #expect(failure.message.contains(says), "\(failure.message)")
        }
        server.enqueue(.text("system"))
        let system = client(url("http", "127.0.0.1", server.port), resolver: .mapping([Self.name: [.ip("192.0.2.1")]]))
        #expect(try await system.response(.get("/")).value == Data("system".utf8))
        #expect(server.requestCount == 1)
    }

    @Test("a host mapped to a Unix domain socket is served there, Host: localhost (the Docker Engine API's way)")
    func unixSocket() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString.prefix(8)).sock").path
        let server = MockWebServer(configuration: .init(unixSocketPath: path))
        try server.start()
        defer { server.shutdown() }
        server.enqueue(.json(#"[{"Id":"4f1c"}]"#))
        server.enqueue(.text("again"))
        let client = client(URL(string: "http://localhost/v1.43")!, resolver: .mapping(["localhost": [.unixSocket(path: path)]]))
        let containers = try await client.response(.get("containers/json"))
        #expect(containers.value == Data(#"[{"Id":"4f1c"}]"#.utf8))
        #expect(try await client.response(.get("info")).value == Data("again".utf8))
        let first = try await server.takeRequest()
        let second = try await server.takeRequest()
        #expect(first.headers["Host"] == "localhost")
        #expect(first.path == "/v1.43/containers/json")
        #expect(first.connectionID == second.connectionID, "the Unix socket connection is pooled and reused")
    }
}
#endif
