#if os(Linux)
import Courier
import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// `NetworkClient` over `SocketTransport` against MockWebServer over TLS: HTTPS with a generated CA, trusted,
/// refused for each reason, pinned, and with client certificates.
@Suite("SocketTransport over HTTPS (Linux)", .loopback)
struct SocketTransportHTTPSTests {
    static let day: TimeInterval = 24 * 3600

    func client(_ server: MockWebServer, _ tls: TLSConfiguration, metrics: (@Sendable (TransferMetrics) -> Void)? = nil) -> NetworkClient {
        // Generous idle and request bounds: these tests are about TLS and reuse, and in the full suite on two cores
        // a pooled connection can sit idle past the 60 s default while CPU-heavy tests hold the cooperative pool
        // (seen in a stress run: the second request then found it closed and opened a new one).
        let transport = SocketTransport.testing(.init(idleConnectionTimeout: .seconds(600), tls: tls, metricsHandler: metrics))
        return NetworkClient(baseURL: server.url("/api"), configuration: .init(timeout: .seconds(120), retryPolicy: .never, transport: transport))
    }

    func tlsFailure(_ error: (any Error)?) -> String? {
        guard case .transport(let failure) = error as? NetworkError, failure.kind == .tls else { return nil }
        return failure.message
    }

    @Test("trusted through an added root: bodies both ways, one TLS connection reused, TLS timings reported")
    func trusted() async throws {
        let ca = try HeldCertificate.authority()
        // Idle connections kept past any stall of a loaded run, so the second request reuses the first's.
        var serverConfiguration = MockWebServer.Configuration(idleTimeout: .seconds(600))
        serverConfiguration.tls = try .init(serving: ca)
        let server = MockWebServer(configuration: serverConfiguration)
        try server.start()
        defer { server.shutdown() }
        server.enqueue(.json(#"{"id":7}"#))
        server.enqueue(.generated(byteCount: 3_000_000))
        let collected = LockedState<[TransferMetrics]>([])
        let client = client(server, ca.trustingConfiguration) { metrics in collected.withLock { $0.append(metrics) } }
        let first = try await client.response(.post("/items").body(.data(Data("payload".utf8), contentType: "text/plain")))
        #expect(first.statusCode == 200)
        #expect(first.value == Data(#"{"id":7}"#.utf8))
        let second = try await client.response(.get("/big"))
        #expect(second.value == MockResponse.generatedBytes(count: 3_000_000))
        #expect(try await server.takeRequest().body == Data("payload".utf8))
        let metrics = collected.withLock { $0 }
        #expect(metrics.count == 2)
        #expect(metrics.first?.secureConnection != nil)
        #expect(metrics.first?.reusedConnection == false)
        #expect(metrics.last?.reusedConnection == true)
        #expect(metrics.last?.secureConnection == nil)
    }

    enum Refusal: String, CaseIterable, Sendable {
        case wrongHost, expired, untrustedRoot, pinMismatch, systemRootsOnly
    }

    @Test("refused with a .tls reason and nothing sent", arguments: Refusal.allCases)
    func refused(_ refusal: Refusal) async throws {
        let ca = try HeldCertificate.authority()
        let now = Date()
        let certificate: HeldCertificate = switch refusal {
        case .wrongHost: try .server(signedBy: ca, hosts: ["example.com"])
        case .expired: try .server(signedBy: ca, validity: now.addingTimeInterval(-2 * Self.day)...now.addingTimeInterval(-Self.day))
        default: try .server(signedBy: ca)
        }
        let server = MockWebServer(configuration: .init(tls: .init(certificate: certificate)))
        try server.start()
        defer { server.shutdown() }
        var configuration = ca.trustingConfiguration
        switch refusal {
        case .untrustedRoot: configuration = try HeldCertificate.authority(commonName: "Other CA").trustingConfiguration
        case .pinMismatch: configuration.pins = [CertificatePin("127.0.0.1", try HeldCertificate.authority().pin)]
        case .systemRootsOnly: configuration = TLSConfiguration()
        default: break
        }
        let error = await #expect(throws: NetworkError.self) { try await client(server, configuration).response(.get("/secret")) }
        let message = try #require(tlsFailure(error), "expected a .tls failure, got \(String(describing: error))")
        switch refusal {
        case .wrongHost: #expect(message.contains("mismatch"), "\(message)")
        case .expired: #expect(message.contains("expired"), "\(message)")
        case .pinMismatch: #expect(message.contains("sha256/"), "\(message)")
        case .untrustedRoot, .systemRootsOnly: #expect(message.contains("issuer") || message.contains("self-signed") || message.contains("verify"), "\(message)")
        }
        #expect(server.requestCount == 0)
    }

    @Test("a matching pin passes")
    func matchingPin() async throws {
        let ca = try HeldCertificate.authority()
        let server = MockWebServer(configuration: .init(tls: try .init(serving: ca)))
        try server.start()
        defer { server.shutdown() }
        server.enqueue(.text("pinned"))
        var configuration = ca.trustingConfiguration
        configuration.pins = [CertificatePin("127.0.0.1", ca.pin)]
        #expect(try await client(server, configuration).response(.get("/pinned")).value == Data("pinned".utf8))
    }

    @Test("mutual TLS: accepted with the client certificate, refused without it")
    func mutualTLS() async throws {
        let ca = try HeldCertificate.authority()
        let clientCA = try HeldCertificate.authority(commonName: "Client CA")
        let server = MockWebServer(configuration: .init(tls: try .init(serving: ca, requiredClientAuthority: clientCA)))
        try server.start()
        defer { server.shutdown() }
        server.enqueue(.text("welcome"))
        var withIdentity = ca.trustingConfiguration
        withIdentity.clientIdentity = try HeldCertificate.client(signedBy: clientCA).clientIdentity
        #expect(try await client(server, withIdentity).response(.get("/mtls")).value == Data("welcome".utf8))
        let error = await #expect(throws: NetworkError.self) { try await client(server, ca.trustingConfiguration).response(.get("/mtls")) }
        guard case .transport(let failure) = error else { Issue.record("expected a transport failure, got \(String(describing: error))"); return }
        #expect(failure.kind == .tls || failure.kind == .connectionLost, "\(failure)")
        #expect(server.requestCount == 1)
    }

    @Test("an unusable TLS configuration fails https requests with its reason")
    func badConfiguration() async throws {
        let server = MockWebServer(configuration: .init(tls: try .init(serving: try HeldCertificate.authority())))
        try server.start()
        defer { server.shutdown() }
        let configuration = TLSConfiguration(additionalTrustedRoots: ["-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n"])
        let error = await #expect(throws: NetworkError.self) { try await client(server, configuration).response(.get("/x")) }
        #expect(error != nil)
        #expect(server.requestCount == 0)
    }
}

#endif
