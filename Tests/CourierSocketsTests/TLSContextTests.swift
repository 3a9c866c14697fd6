#if canImport(COpenSSL)
import COpenSSL
import Courier
@testable import CourierSockets
import CourierTesting
import Testing

/// Invalid settings are typed `.tls` failures when the context (the transport) is created.
@Suite("TLSContext configuration (Linux)")
struct TLSContextTests {
    static let pem = "-----BEGIN CERTIFICATE-----\nMIIBnotbase64!!\n-----END CERTIFICATE-----\n"

    /// A setting that must be refused and the start of the message naming it.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let configuration: @Sendable () throws -> TLSConfiguration
        let message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a root that is not PEM", configuration: { TLSConfiguration(additionalTrustedRoots: ["hello"]) },
             message: "additionalTrustedRoots[0] holds no PEM certificate"),
        Case(name: "an empty root", configuration: { TLSConfiguration(additionalTrustedRoots: [""]) },
             message: "additionalTrustedRoots[0] holds no PEM certificate"),
        Case(name: "a damaged PEM root", configuration: { TLSConfiguration(additionalTrustedRoots: [try HeldCertificate.authority().certificatePEM, pem]) },
             message: "additionalTrustedRoots[1] is not a valid PEM certificate"),
        Case(name: "a private key given as a root", configuration: { TLSConfiguration(additionalTrustedRoots: [try HeldCertificate.authority().privateKeyPEM]) },
             message: "additionalTrustedRoots[0] holds no PEM certificate"),
        Case(name: "a pin that is not base64", configuration: { TLSConfiguration(pins: [CertificatePin("example.com", "sha256/not base64")]) },
             message: "pins[0] for example.com: 'not base64' is not a base64 SHA-256 hash"),
        Case(name: "a pin of the wrong length", configuration: { TLSConfiguration(pins: [CertificatePin("example.com", "sha256/AAAA")]) },
             message: "pins[0] for example.com: 'AAAA' is not a base64 SHA-256 hash"),
        Case(name: "a pin without hashes", configuration: { TLSConfiguration(pins: [CertificatePin("example.com", [])]) },
             message: "pins[0] needs a host pattern and at least one hash"),
        Case(name: "a client certificate that is not PEM", configuration: {
            TLSConfiguration(clientIdentity: .init(certificateChainPEM: "x", privateKeyPEM: try HeldCertificate.authority().privateKeyPEM))
        }, message: "clientIdentity.certificateChainPEM holds no PEM certificate"),
        Case(name: "a client key that is not PEM", configuration: {
            TLSConfiguration(clientIdentity: .init(certificateChainPEM: try HeldCertificate.authority().certificatePEM, privateKeyPEM: "x"))
        }, message: "clientIdentity.privateKeyPEM is not a valid unencrypted PEM private key"),
        Case(name: "a client key of another certificate", configuration: {
            let ca = try HeldCertificate.authority()
            let client = try HeldCertificate.client(signedBy: ca)
            return TLSConfiguration(clientIdentity: .init(certificateChainPEM: client.certificatePEM, privateKeyPEM: ca.privateKeyPEM))
        }, message: "clientIdentity.privateKeyPEM does not match the client certificate"),
    ]

    @Test("invalid settings are .tls failures naming the setting", arguments: cases)
    func invalid(_ test: Case) throws {
        let configuration = try test.configuration()
        #expect {
            _ = try TLSContext(configuration: configuration)
        } throws: { error in
            guard case NetworkError.transport(let failure) = error, failure.kind == .tls else { return false }
            return failure.message.hasPrefix(test.message)
        }
    }

    @Test("valid settings build a context: several roots in one PEM text, an identity with its chain, TLS 1.3 minimum")
    func valid() throws {
        let one = try HeldCertificate.authority()
        let two = try HeldCertificate.authority()
        let client = try HeldCertificate.client(signedBy: one)
        let configuration = TLSConfiguration(
            additionalTrustedRoots: [one.certificatePEM + two.certificatePEM],
            pins: [CertificatePin("example.com", one.pin)],
            clientIdentity: .init(certificateChainPEM: client.certificatePEM + one.certificatePEM, privateKeyPEM: client.privateKeyPEM),
            minimumVersion: .tls13
        )
        let context = try TLSContext(configuration: configuration)
        #expect(context.pins(for: "EXAMPLE.com").count == 1)
        #expect(context.pins(for: "api.example.com").isEmpty)
    }

    @Test("a TLSConnection needs a server name")
    func emptyServerName() throws {
        let context = try TLSContext(configuration: TLSConfiguration())
        #expect(throws: NetworkError.transport(TransportFailure(kind: .tls, message: "no server name to verify the certificate against"))) {
            _ = try TLSConnection(context: context, fd: -1, serverName: "")
        }
    }
}

@Suite("TLSSessionCache (Linux)")
struct TLSSessionCacheTests {
    static func session(version: Int32) throws -> TLSSessionCache.Session {
        let pointer = try #require(SSL_SESSION_new())
        #expect(SSL_SESSION_set_protocol_version(pointer, version) == 1)
        return TLSSessionCache.Session(taking: pointer)
    }

    @Test("bounded; TLS 1.3 sessions are taken once, TLS 1.2 sessions stay")
    func rules() throws {
        let full = TLSSessionCache(capacity: 2)
        full.store(try Self.session(version: TLS1_2_VERSION), for: "a")
        full.store(try Self.session(version: TLS1_3_VERSION), for: "b")
        full.store(try Self.session(version: TLS1_3_VERSION), for: "b")  // replaces
        #expect(full.count == 2)
        full.store(try Self.session(version: TLS1_3_VERSION), for: "c")  // evicts one
        #expect(full.count == 2)
        #expect(full.take(for: "c") != nil)
        let fresh = TLSSessionCache(capacity: 2)  // the evicted entry is arbitrary: take from a known state
        fresh.store(try Self.session(version: TLS1_2_VERSION), for: "a")
        fresh.store(try Self.session(version: TLS1_3_VERSION), for: "b")
        #expect(fresh.count == 2)
        #expect(fresh.take(for: "a") != nil)
        #expect(fresh.take(for: "a") != nil)
        #expect(fresh.take(for: "b") != nil)
        #expect(fresh.take(for: "b") == nil)
        #expect(fresh.take(for: "zzz") == nil)
    }
}

/// OkHttp's host pattern rules.
@Suite("CertificatePin (Linux)")
struct CertificatePinTests {
    @Test("host patterns", arguments: [
        ("example.com", "example.com", true),
        ("example.com", "EXAMPLE.COM.", true),
        ("example.com", "api.example.com", false),
        ("*.example.com", "api.example.com", true),
        ("*.example.com", "example.com", false),
        ("*.example.com", "a.b.example.com", false),
        ("**.example.com", "example.com", true),
        ("**.example.com", "a.b.example.com", true),
        ("**.example.com", "badexample.com", false),
        ("*.example.com", "apiexample.com", false),
        ("127.0.0.1", "127.0.0.1", true),
        ("127.0.0.1", "127.0.0.2", false),
    ])
    func patterns(pattern: String, host: String, matches: Bool) {
        #expect(CertificatePin(pattern, "sha256/x").matches(host: host) == matches)
    }

    @Test("the sha256/ prefix is optional")
    func prefix() {
        #expect(CertificatePin("a", "sha256/abc", "def").hashes == ["abc", "def"])
    }
}
#endif
