#if canImport(COpenSSL)
import CourierTesting
import Foundation
import Testing
import TestSupport

/// MockWebServer over TLS seen from another TLS stack (the curl command, libcurl + OpenSSL) and from raw sockets.
@Suite("MockWebServer over TLS", .loopback)
struct MockWebServerTLSTests {
    static let curl = "/usr/bin/curl"
    static var hasCurl: Bool { FileManager.default.isExecutableFile(atPath: curl) }

    /// PEM files in a temporary directory, removed on deinit.
    final class Files {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tls-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }

        func write(_ text: String, _ name: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
    }

    /// Runs curl with `arguments`; its exit status and standard output.
    static func runCurl(_ arguments: [String]) async throws -> (status: Int32, output: String, bytes: Data) {
        let result = try await ChildProcess.runOffPool(URL(fileURLWithPath: curl), ["-sS", "--max-time", "60"] + arguments)
        return (result.status, String(decoding: result.stdout, as: UTF8.self), result.stdout)
    }

    @Test("url and baseURL use https://127.0.0.1")
    func httpsURL() throws {
        let server = try MockWebServer(configuration: .init(tls: .init(serving: HeldCertificate.authority())))
        defer { server.shutdown() }
        #expect(server.scheme == "https")
        #expect(server.baseURL.absoluteString == "https://127.0.0.1:\(server.port)/")
        #expect(server.url("/a?b=c").absoluteString == "https://127.0.0.1:\(server.port)/a?b=c")
        #expect(MockWebServer().scheme == "http")
    }

    @Test("curl trusting the test CA gets the responses over one kept-alive connection", .enabled(if: hasCurl))
    func curlTrustingTheCA() async throws {
        let ca = try HeldCertificate.authority()
        let server = try MockWebServer(configuration: .init(tls: .init(serving: ca)))
        defer { server.shutdown() }
        server.enqueue(.text("one "))
        server.enqueue(.generated(byteCount: 200_000).chunked(maxChunkSize: 10_000))
        let files = try Files()
        let caFile = try files.write(ca.certificatePEM, "ca.pem")
        let result = try await Self.runCurl(["--cacert", caFile, server.url("/one").absoluteString, server.url("/two").absoluteString])
        #expect(result.status == 0)
        #expect(result.bytes == Data("one ".utf8) + MockResponse.generatedBytes(count: 200_000))
        #expect(server.recordedRequests.map(\.path) == ["/one", "/two"])
        #expect(Set(server.recordedRequests.map(\.connectionID)).count == 1)
    }

    @Test("curl without the CA refuses the certificate; the server records the handshake and keeps serving", .enabled(if: hasCurl))
    func curlUntrusted() async throws {
        let ca = try HeldCertificate.authority()
        let server = try MockWebServer(configuration: .init(tls: .init(serving: ca)))
        defer { server.shutdown() }
        let refused = try await Self.runCurl([server.url("/").absoluteString])
        #expect(refused.status == 60)  // CURLE_PEER_FAILED_VERIFICATION
        #expect(await server.waitUntil(timeout: .seconds(60)) { !$0.malformedRequests.isEmpty })
        let recorded = try #require(server.malformedRequests.first)
        #expect(recorded.kind == .tlsHandshakeFailed)
        #expect(recorded.detail.contains("alert"), "\(recorded.detail)")
        let files = try Files()
        let accepted = try await Self.runCurl(["--cacert", try files.write(ca.certificatePEM, "ca.pem"), server.url("/").absoluteString])
        #expect(accepted.status == 0)
        #expect(server.requestCount == 1)
    }

    @Test("mTLS: curl with a client certificate is served, without one it is refused", .enabled(if: hasCurl))
    func curlMutualTLS() async throws {
        let ca = try HeldCertificate.authority()
        let clientCA = try HeldCertificate.authority(commonName: "Client CA")
        let client = try HeldCertificate.client(signedBy: clientCA)
        let server = try MockWebServer(configuration: .init(tls: .init(serving: ca, requiredClientAuthority: clientCA)))
        defer { server.shutdown() }
        server.enqueue(.text("hello client"))
        let files = try Files()
        let caFile = try files.write(ca.certificatePEM, "ca.pem")
        let served = try await Self.runCurl([
            "--cacert", caFile, "--cert", try files.write(client.certificatePEM, "client.pem"),
            "--key", try files.write(client.privateKeyPEM, "client.key"), server.url("/").absoluteString,
        ])
        #expect(served.status == 0)
        #expect(served.output == "hello client")
        let refused = try await Self.runCurl(["--cacert", caFile, server.url("/").absoluteString])
        #expect(refused.status != 0)
        #expect(server.requestCount == 1)
        #expect(await server.waitUntil(timeout: .seconds(60)) { $0.malformedRequests.count == 1 })
        #expect(server.malformedRequests.first?.detail.contains("peer did not return a certificate") == true)
    }

    @Test("a client that connects and never starts the handshake is cut off after readTimeout and recorded")
    func stalledHandshake() async throws {
        var configuration = try MockWebServer.Configuration(tls: .init(serving: HeldCertificate.authority()))
        configuration.readTimeout = .milliseconds(200)
        let server = MockWebServer(configuration: configuration)
        defer { server.shutdown() }
        let end = try await offPool { try RawClient(port: server.port).readToEnd().end }
        #expect(end == .closed)
        #expect(await server.waitUntil(timeout: .seconds(60)) { !$0.malformedRequests.isEmpty })
        #expect(server.malformedRequests.first?.kind == .tlsHandshakeFailed)
        #expect(server.malformedRequests.first?.detail == "the client stalled during the TLS handshake")
    }

    @Test("shutdown does not wait for a client stuck in the handshake")
    func shutdownDuringHandshake() async throws {
        var configuration = try MockWebServer.Configuration(tls: .init(serving: HeldCertificate.authority()))
        configuration.readTimeout = .seconds(300)   // the stalled client stays until shutdown, however busy the machine
        let server = MockWebServer(configuration: configuration)
        let client = HandOver(try RawClient(port: server.port))
        #expect(await server.waitUntil(timeout: .seconds(60)) { $0.openConnectionCount == 1 })
        let started = ContinuousClock.now
        server.shutdown()
        #expect(ContinuousClock.now - started < .seconds(4))  // the workers' wait would take 5 s
        let end = try await offPool { client.value.readToEnd().end }
        #expect(end == .closed)
        #expect(server.malformedRequests.isEmpty)
    }

    @Test("a certificate loaded from PEM serves like a generated one; a key that is not its own is refused")
    func loadedFromPEM() throws {
        let ca = try HeldCertificate.authority()
        let leaf = try HeldCertificate.server(signedBy: ca)
        let loaded = try HeldCertificate(certificatePEM: leaf.certificatePEM, privateKeyPEM: leaf.privateKeyPEM)
        #expect(loaded.publicKeySHA256 == leaf.publicKeySHA256)
        #expect(loaded.commonName == "localhost")
        #expect(!loaded.isAuthority)
        #expect(try HeldCertificate(certificatePEM: ca.certificatePEM, privateKeyPEM: ca.privateKeyPEM).isAuthority)
        let server = MockWebServer(configuration: .init(tls: .init(certificate: loaded)))
        defer { server.shutdown() }
        try server.start()
        let other = try HeldCertificate.server(signedBy: ca)
        #expect(throws: HeldCertificateError.self) {
            try HeldCertificate(certificatePEM: leaf.certificatePEM, privateKeyPEM: other.privateKeyPEM)
        }
        #expect(throws: HeldCertificateError.self) {
            try HeldCertificate(certificatePEM: "not PEM", privateKeyPEM: leaf.privateKeyPEM)
        }
    }
}
#endif
