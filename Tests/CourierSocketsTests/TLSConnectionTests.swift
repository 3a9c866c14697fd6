#if canImport(COpenSSL)
import Courier
@testable import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// TLSConnection over a real non-blocking loopback socket against MockWebServer over TLS.
@Suite("TLSConnection (Linux)", .loopback)
struct TLSConnectionTests {
    static let day: TimeInterval = 24 * 3600

    /// A CA, a TLS server it signed, and a client configuration trusting only that CA.
    struct Fixture {
        let ca: HeldCertificate
        let settings: MockWebServer.TLS
        let server: MockWebServer
        var trusting: TLSConfiguration { ca.trustingConfiguration }
        /// The server's own certificate.
        var leaf: HeldCertificate { settings.certificate }

        init(tls: ((HeldCertificate) throws -> MockWebServer.TLS)? = nil) throws {
            ca = try HeldCertificate.authority()
            settings = try tls?(ca) ?? MockWebServer.TLS(serving: ca)
            server = MockWebServer(configuration: .init(tls: settings))
            try server.start()
        }

        /// A client connected to `localhost`, its handshake done and a `GET` with `Connection: close` sent, which
        /// the server answers with `count` bytes of text.
        func clientAfterGET(answeredWith count: Int) throws -> TLSTestClient {
            server.enqueue(.text(String(repeating: "x", count: count)))
            let client = try TLSTestClient(port: server.port, serverName: "localhost", context: TLSContext(configuration: trusting))
            try client.handshake()
            try client.write(Array("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8))
            return client
        }
    }

    @Test("a server certificate trusted through an added root: 200, TLS 1.3, ALPN http/1.1", arguments: ["127.0.0.1", "localhost", "::1"])
    func trustedThroughAddedRoot(serverName: String) throws {
        let fixture = try Fixture()
        defer { fixture.server.shutdown() }
        fixture.server.enqueue(.text("hello over TLS"))
        let client = try TLSTestClient(port: fixture.server.port, serverName: serverName, context: TLSContext(configuration: fixture.trusting))
        let response = try client.exchange("GET /secure HTTP/1.1\r\nHost: \(serverName)\r\nConnection: close\r\n\r\n")
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "hello over TLS")
        #expect(client.connection.negotiatedVersion == "TLSv1.3")
        #expect(client.connection.negotiatedALPN == "http/1.1")
        #expect(fixture.server.recordedRequests.map(\.path) == ["/secure"])
        #expect(fixture.server.url("/x").absoluteString == "https://127.0.0.1:\(fixture.server.port)/x")
    }

    @Test("the same root added with the system roots still verifies")
    func addedRootWithSystemRoots() throws {
        let fixture = try Fixture()
        defer { fixture.server.shutdown() }
        let configuration = TLSConfiguration(trustsSystemRoots: true, additionalTrustedRoots: [fixture.ca.certificatePEM])
        #expect(try TLSTestClient.get(port: fixture.server.port, configuration: configuration).status == 404)
    }

    @Test("TLS 1.2 when the server offers no more")
    func tls12() throws {
        let fixture = try Fixture { try .init(serving: $0, maximumVersion: .tls12) }
        defer { fixture.server.shutdown() }
        let client = try TLSTestClient(port: fixture.server.port, serverName: "localhost", context: TLSContext(configuration: fixture.trusting))
        let response = try client.exchange("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(response.status == 404)
        #expect(client.connection.negotiatedVersion == "TLSv1.2")
        #expect(client.connection.negotiatedALPN == "http/1.1")
    }

    /// Each way a certificate is refused, and the reason the `.tls` failure must give.
    enum Refusal: String, CaseIterable, CustomTestStringConvertible {
        case wrongHost, commonNameOnly, wrongIPAddress, expired, notYetValid, untrustedRoot, systemRootsOnly, pinMismatch, minimumVersion

        var testDescription: String { rawValue }

        var expectedReason: String {
            switch self {
            case .wrongHost: "certificate verify failed for example.com: hostname mismatch"
            case .commonNameOnly: "certificate verify failed for localhost: hostname mismatch"
            case .wrongIPAddress: "certificate verify failed for 127.0.0.2: IP address mismatch"
            case .expired: "certificate verify failed for 127.0.0.1: certificate has expired"
            case .notYetValid: "certificate verify failed for 127.0.0.1: certificate is not yet valid"
            case .untrustedRoot, .systemRootsOnly: "certificate verify failed for 127.0.0.1: unable to get local issuer certificate"
            case .pinMismatch: "certificate pinning failure for 127.0.0.1"
            case .minimumVersion: "TLS handshake with 127.0.0.1 failed"
            }
        }
    }

    @Test("refused certificates fail the handshake with a .tls reason", arguments: Refusal.allCases)
    func refused(_ refusal: Refusal) throws {
        let now = Date()
        let fixture = try Fixture { ca in
            switch refusal {
            case .expired:
                try .init(certificate: .server(signedBy: ca, validity: now.addingTimeInterval(-2 * Self.day)...now.addingTimeInterval(-Self.day)))
            case .notYetValid:
                try .init(certificate: .server(signedBy: ca, validity: now.addingTimeInterval(Self.day)...now.addingTimeInterval(2 * Self.day)))
            case .minimumVersion:
                try .init(serving: ca, maximumVersion: .tls12)
            case .commonNameOnly:  // CN=localhost, but the subjectAltNames do not list it
                try .init(certificate: .server(signedBy: ca, hosts: ["example.test", "127.0.0.1"], commonName: "localhost"))
            default:
                try .init(serving: ca)
            }
        }
        defer { fixture.server.shutdown() }
        var configuration = fixture.trusting
        var serverName = "127.0.0.1"
        switch refusal {
        case .wrongHost: serverName = "example.com"
        case .commonNameOnly: serverName = "localhost"
        case .wrongIPAddress: serverName = "127.0.0.2"
        case .untrustedRoot: configuration = try HeldCertificate.authority(commonName: "Untrusted CA").trustingConfiguration
        case .systemRootsOnly: configuration = TLSConfiguration()
        case .pinMismatch:
            let other = try HeldCertificate.authority()
            configuration.pins = [CertificatePin("127.0.0.1", other.pin)]
        case .minimumVersion: configuration.minimumVersion = .tls13
        default: break
        }
        let client = try TLSTestClient(port: fixture.server.port, serverName: serverName, context: TLSContext(configuration: configuration))
        do {
            try client.handshake()
            Issue.record("the handshake succeeded; expected \(refusal.expectedReason)")
        } catch {
            let message = try #require(tlsMessage(error), "not a .tls failure: \(error)")
            #expect(message.hasPrefix(refusal.expectedReason), "\(message)")
            if refusal == .pinMismatch { #expect(message.contains("sha256/")) }  // the chain's keys are named
        }
        #expect(fixture.server.requestCount == 0)
    }

    @Test("the pin message lists the chain's keys and the configured pins")
    func pinMismatchMessage() throws {
        let fixture = try Fixture()
        defer { fixture.server.shutdown() }
        let leaf = fixture.leaf
        let other = try HeldCertificate.authority()
        var configuration = fixture.trusting
        configuration.pins = [CertificatePin("**.0.0.1", other.pin), CertificatePin("example.com", fixture.ca.pin)]
        #expect {
            try TLSTestClient.get(port: fixture.server.port, configuration: configuration)
        } throws: { error in
            let message = tlsMessage(error) ?? ""
            return message.contains(leaf.pin) && message.contains(fixture.ca.pin) && message.contains("pinned: \(other.pin)")
        }
    }

    /// Pins that let the connection through.
    enum MatchingPin: String, CaseIterable, CustomTestStringConvertible {
        case leafKey, rootKey, oneOfSeveral, onlyOtherHostsPinned, bareBase64

        var testDescription: String { rawValue }
    }

    @Test("a matching pin passes", arguments: MatchingPin.allCases)
    func matchingPin(_ kind: MatchingPin) throws {
        let fixture = try Fixture()
        defer { fixture.server.shutdown() }
        let leaf = fixture.leaf
        let other = try HeldCertificate.authority()
        var configuration = fixture.trusting
        switch kind {
        case .leafKey: configuration.pins = [CertificatePin("127.0.0.1", leaf.pin)]
        case .rootKey: configuration.pins = [CertificatePin("127.0.0.1", fixture.ca.pin)]
        case .oneOfSeveral: configuration.pins = [CertificatePin("127.0.0.1", other.pin, leaf.pin)]
        case .onlyOtherHostsPinned: configuration.pins = [CertificatePin("*.example.com", other.pin)]
        case .bareBase64: configuration.pins = [CertificatePin("127.0.0.1", leaf.publicKeySHA256)]
        }
        #expect(try TLSTestClient.get(port: fixture.server.port, configuration: configuration).status == 404)
    }

    @Test("mTLS: accepted with a client certificate signed by the required authority", arguments: [TLSConfiguration.Version.tls12, .tls13])
    func mutualTLSAccepted(version: TLSConfiguration.Version) throws {
        let clientCA = try HeldCertificate.authority(commonName: "Client CA")
        let fixture = try Fixture { try .init(serving: $0, requiredClientAuthority: clientCA, maximumVersion: version) }
        defer { fixture.server.shutdown() }
        var configuration = fixture.trusting
        configuration.clientIdentity = try HeldCertificate.client(signedBy: clientCA).clientIdentity
        #expect(try TLSTestClient.get(port: fixture.server.port, configuration: configuration, path: "/mtls").status == 404)
        #expect(fixture.server.recordedRequests.map(\.path) == ["/mtls"])
        #expect(fixture.server.malformedRequests.isEmpty)
    }

    /// Clients the mTLS server must refuse.
    enum MutualTLSRefusal: String, CaseIterable, CustomTestStringConvertible {
        case noCertificate, certificateFromAnotherAuthority
        var testDescription: String { rawValue }
    }

    @Test("mTLS: refused without a client certificate or with a foreign one", arguments: MutualTLSRefusal.allCases, [TLSConfiguration.Version.tls12, .tls13])
    func mutualTLSRefused(_ refusal: MutualTLSRefusal, version: TLSConfiguration.Version) async throws {
        let clientCA = try HeldCertificate.authority(commonName: "Client CA")
        let fixture = try Fixture { try .init(serving: $0, requiredClientAuthority: clientCA, maximumVersion: version) }
        defer { fixture.server.shutdown() }
        var configuration = fixture.trusting
        if refusal == .certificateFromAnotherAuthority {
            configuration.clientIdentity = try HeldCertificate.client(signedBy: HeldCertificate.authority()).clientIdentity
        }
        // TLS 1.2 refuses during the handshake; TLS 1.3 clients finish first and read the server's alert.
        #expect {
            try TLSTestClient.get(port: fixture.server.port, configuration: configuration)
        } throws: { error in
            let message = tlsMessage(error) ?? "\(error)"
            return message.contains("alert")
        }
        #expect(await fixture.server.waitUntil(timeout: .seconds(60)) { !$0.malformedRequests.isEmpty })
        let recorded = try #require(fixture.server.malformedRequests.first)
        #expect(recorded.kind == .tlsHandshakeFailed)
        let expected = refusal == .noCertificate ? "peer did not return a certificate" : "client certificate refused: unable to get local issuer certificate"
        #expect(recorded.detail.contains(expected), "\(recorded.detail)")
        #expect(fixture.server.requestCount == 0)
    }

    @Test("a large upload and download cross TLS intact")
    func largeBodies() throws {
        let fixture = try Fixture()
        defer { fixture.server.shutdown() }
        fixture.server.enqueue(.generated(byteCount: 3 << 20))
        let upload = [UInt8](MockResponse.generatedBytes(offset: 7, count: 1 << 20))
        let client = try TLSTestClient(port: fixture.server.port, serverName: "localhost", context: TLSContext(configuration: fixture.trusting))
        let response = try client.exchange(
            "POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(upload.count)\r\nConnection: close\r\n\r\n", body: upload
        )
        #expect(response.status == 200)
        #expect(response.body.count == 3 << 20)
        #expect(response.body == [UInt8](MockResponse.generatedBytes(offset: 0, count: 3 << 20)))
        let recorded = try #require(fixture.server.recordedRequests.first)
        #expect(recorded.bodySize == Int64(upload.count))
        #expect([UInt8](recorded.body) == upload)
    }

    @Test("plain HTTP to the TLS port is recorded as a failed handshake and the server keeps serving")
    func plainHTTPToTLSPort() async throws {
        let fixture = try Fixture()
        defer { fixture.server.shutdown() }
        let plain = try TLSTestClient(port: fixture.server.port, serverName: "127.0.0.1", context: TLSContext(configuration: fixture.trusting))
        _ = Glibc.send(plain.fd, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", 27, Int32(MSG_NOSIGNAL))
        #expect(await fixture.server.waitUntil(timeout: .seconds(60)) { !$0.malformedRequests.isEmpty })
        #expect(fixture.server.malformedRequests.first?.kind == .tlsHandshakeFailed)
        #expect(try TLSTestClient.get(port: fixture.server.port, configuration: fixture.trusting).status == 404)
    }

    @Test("a reset after the request is .connectionLost on read and then on write (EPIPE, never SIGPIPE)")
    func resetIsConnectionLost() throws {
        let fixture = try Fixture()
        defer { fixture.server.shutdown() }
        fixture.server.enqueue(MockResponse().socketPolicy(.reset))
        let client = try TLSTestClient(port: fixture.server.port, serverName: "localhost", context: TLSContext(configuration: fixture.trusting))
        try client.handshake()
        try client.write(Array("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
        #expect {
            _ = try client.readToEnd()
        } throws: { error in
            guard case NetworkError.transport(let failure) = error else { return false }
            return failure.kind == .connectionLost && failure.code == Int(ECONNRESET)
        }
        #expect {
            for _ in 0..<64 { try client.write([UInt8](repeating: 65, count: 16 * 1024)) }
        } throws: { error in
            guard case NetworkError.transport(let failure) = error else { return false }
            return failure.kind == .connectionLost && [Int(EPIPE), Int(ECONNRESET)].contains(failure.code ?? 0)
        }
    }

    @Test("a body cut off by the server reads as .closed after the bytes it sent")
    func cutOffBodyIsClosed() throws {
        let fixture = try Fixture()
        defer { fixture.server.shutdown() }
        fixture.server.enqueue(.generated(byteCount: 100_000).socketPolicy(.disconnectDuringBody(afterBytes: 30_000)))
        let client = try TLSTestClient(port: fixture.server.port, serverName: "localhost", context: TLSContext(configuration: fixture.trusting))
        let response = try client.exchange("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(response.head.contains("Content-Length: 100000"))
        #expect(response.body.count == 30_000)
    }

    @Test("bytes buffered inside OpenSSL are reported and read without the socket becoming readable")
    func bufferedBytes() throws {
        let fixture = try Fixture()
        defer { fixture.server.shutdown() }
        let client = try fixture.clientAfterGET(answeredWith: 10_000)
        var small = [UInt8](repeating: 0, count: 10)
        var first: TLSRead = .wantRead
        while first == .wantRead || first == .wantWrite {
            first = try small.withUnsafeMutableBytes { try client.connection.read(into: $0) }
            if first == .wantRead { _ = try client.readReady() }
        }
        #expect(first == .bytes(10))
        #expect(client.connection.hasBufferedBytes)  // the rest of the record is decrypted and waiting
        let second = try small.withUnsafeMutableBytes { try client.connection.read(into: $0) }
        #expect(second == .bytes(10))
    }

    @Test("one read takes every record the socket holds, not one 16 KiB record per call")
    func readSpansRecords() throws {
        let fixture = try Fixture()
        defer { fixture.server.shutdown() }
        let client = try fixture.clientAfterGET(answeredWith: 60_000)
        // 60,000 bytes of ciphertext in the socket: at least two whole 16 KiB records besides any session tickets.
        try client.waitForBufferedBytes(60_000)
        var buffer = [UInt8](repeating: 0, count: 256 << 10)
        var first = TLSRead.wantRead
        while first == .wantRead { first = try buffer.withUnsafeMutableBytes { try client.connection.read(into: $0) } }
        guard case .bytes(let count) = first else {
            Issue.record("expected bytes, got \(first)")
            return
        }
        #expect(count > 16_384)
    }

    @Test("a second connection resumes the session; pins still apply to the first", arguments: [TLSConfiguration.Version.tls12, .tls13])
    func sessionResumption(version: TLSConfiguration.Version) throws {
        let fixture = try Fixture { try .init(serving: $0, maximumVersion: version) }
        defer { fixture.server.shutdown() }
        var configuration = fixture.trusting
        configuration.pins = [CertificatePin("localhost", fixture.ca.pin)]
        let context = try TLSContext(configuration: configuration)
        let request = "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        let first = try TLSTestClient(port: fixture.server.port, serverName: "localhost", context: context)
        #expect(try first.exchange(request).status == 404)
        #expect(!first.connection.resumedSession)
        #expect(context.sessionCache?.count == 1)
        let second = try TLSTestClient(port: fixture.server.port, serverName: "localhost", context: context)
        #expect(try second.exchange(request).status == 404)
        #expect(second.connection.resumedSession)
        #expect(second.connection.negotiatedVersion == version.rawValue)
        #expect(context.sessionCache?.count == 1)  // the resumed connection left a session for the next one

        // Another server name does not get this one's session.
        let other = try TLSTestClient(port: fixture.server.port, serverName: "127.0.0.1", context: context)
        #expect(try other.exchange(request).status == 404)
        #expect(!other.connection.resumedSession)
    }

    @Test("no session is kept from a connection that failed its pins, nor when resumption is off")
    func noSessionKept() throws {
        let fixture = try Fixture { try .init(serving: $0, maximumVersion: .tls12) }
        defer { fixture.server.shutdown() }
        var pinned = fixture.trusting
        pinned.pins = [CertificatePin("localhost", try HeldCertificate.authority().pin)]
        let pinnedContext = try TLSContext(configuration: pinned)
        let client = try TLSTestClient(port: fixture.server.port, serverName: "localhost", context: pinnedContext)
        #expect(throws: NetworkError.self) { try client.handshake() }
        #expect(pinnedContext.sessionCache?.count == 0)

        var off = fixture.trusting
        off.resumesSessions = false
        let context = try TLSContext(configuration: off)
        #expect(context.sessionCache == nil)
        for _ in 0..<2 {
            #expect(try TLSTestClient.get(port: fixture.server.port, configuration: off).status == 404)
        }
        let again = try TLSTestClient(port: fixture.server.port, serverName: "127.0.0.1", context: context)
        _ = try again.exchange("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(!again.connection.resumedSession)
    }

    @Test("a chain through an intermediate: served with it, verified up to the root; refused without it")
    func intermediateChain() throws {
        let root = try HeldCertificate.authority(commonName: "Root CA")
        let intermediate = try HeldCertificate.authority(commonName: "Intermediate CA", signedBy: root)
        let leaf = try HeldCertificate.server(signedBy: intermediate)
        let withChain = MockWebServer(configuration: .init(tls: .init(certificate: leaf, intermediates: [intermediate])))
        let withoutChain = MockWebServer(configuration: .init(tls: .init(certificate: leaf)))
        defer {
            withChain.shutdown()
            withoutChain.shutdown()
        }
        var configuration = root.trustingConfiguration
        configuration.pins = [CertificatePin("localhost", intermediate.pin)]
        let client = try TLSTestClient(port: withChain.port, serverName: "localhost", context: TLSContext(configuration: configuration))
        #expect(try client.exchange("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").status == 404)
        #expect {
            try TLSTestClient.get(port: withoutChain.port, configuration: root.trustingConfiguration)
        } throws: { error in
            tlsMessage(error) == "certificate verify failed for 127.0.0.1: unable to get local issuer certificate"
        }
    }

    @Test("mTLS with a client certificate issued by an intermediate, the chain sent by the client")
    func clientChain() throws {
        let clientRoot = try HeldCertificate.authority(commonName: "Client Root")
        let clientIntermediate = try HeldCertificate.authority(commonName: "Client Intermediate", signedBy: clientRoot)
        let client = try HeldCertificate.client(signedBy: clientIntermediate)
        let fixture = try Fixture { try .init(serving: $0, requiredClientAuthority: clientRoot) }
        defer { fixture.server.shutdown() }
        var configuration = fixture.trusting
        configuration.clientIdentity = .init(
            certificateChainPEM: client.certificatePEM + clientIntermediate.certificatePEM, privateKeyPEM: client.privateKeyPEM
        )
        #expect(try TLSTestClient.get(port: fixture.server.port, configuration: configuration).status == 404)
        configuration.clientIdentity = client.clientIdentity  // without the intermediate the server cannot verify it
        #expect(throws: NetworkError.self) { try TLSTestClient.get(port: fixture.server.port, configuration: configuration) }
    }
}
#endif
