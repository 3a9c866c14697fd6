#if canImport(COpenSSL)
import COpenSSL
@testable import CourierSockets
import CourierTesting
import Foundation
import Testing

/// Generated certificates parse back with OpenSSL and say what they were asked to say.
@Suite("HeldCertificate")
struct HeldCertificateTests {
    /// The certificate and key of `held`, parsed back from their PEM text.
    final class Parsed {
        let certificate: OpaquePointer
        let key: OpaquePointer

        init(_ held: HeldCertificate) throws {
            let certificates = try PEM.certificates(in: held.certificatePEM, what: "certificate")
            #expect(certificates.count == 1)
            certificate = certificates[0]
            key = try PEM.privateKey(in: held.privateKeyPEM, what: "key")
        }

        deinit {
            X509_free(certificate)
            EVP_PKEY_free(key)
        }

        var isAuthority: Bool { X509_check_ca(certificate) != 0 }
        var subject: String { Self.text(X509_get_subject_name(certificate)) }
        var issuer: String { Self.text(X509_get_issuer_name(certificate)) }

        func signed(by authority: Parsed) -> Bool {
            X509_verify(certificate, X509_get0_pubkey(authority.certificate)) == 1
        }

        func covers(host: String) -> Bool {
            X509_check_host(certificate, host, host.utf8.count, UInt32(X509_CHECK_FLAG_NEVER_CHECK_SUBJECT), nil) == 1
        }

        func covers(ip: String) -> Bool {
            X509_check_ip_asc(certificate, ip, 0) == 1
        }

        func hasExtendedUsage(_ flag: UInt32) -> Bool {
            X509_get_extended_key_usage(certificate) & flag != 0
        }

        /// Seconds from now to notAfter (negative when expired).
        var secondsToExpiry: Int32 {
            var days: Int32 = 0
            var seconds: Int32 = 0
            _ = ASN1_TIME_diff(&days, &seconds, nil, X509_get0_notAfter(certificate))
            return days * 86400 + seconds
        }

        private static func text(_ name: OpaquePointer?) -> String {
            var buffer = [CChar](repeating: 0, count: 256)
            X509_NAME_oneline(name, &buffer, Int32(buffer.count))
            let length = buffer.firstIndex(of: 0) ?? buffer.count
            return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    @Test("an authority is a self-signed CA whose key matches", arguments: [HeldCertificate.KeyType.ecP256, .rsa(bits: 2048)])
    func authority(keyType: HeldCertificate.KeyType) throws {
        let ca = try HeldCertificate.authority(commonName: "My Test CA", keyType: keyType)
        #expect(ca.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
        #expect(ca.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        let parsed = try Parsed(ca)
        #expect(parsed.isAuthority)
        #expect(ca.isAuthority)
        #expect(parsed.subject == "/O=Courier Test/CN=My Test CA")
        #expect(parsed.issuer == parsed.subject)
        #expect(parsed.signed(by: parsed))
        #expect(X509_check_private_key(parsed.certificate, parsed.key) == 1)
        #expect(EVP_PKEY_get_base_id(parsed.key) == (keyType == .ecP256 ? EVP_PKEY_EC : EVP_PKEY_RSA))
        // One day, give or take: the upper end allows the wall clock to be stepped back a little while the test
        // runs (stress run 8 of a loaded VM read 86,401 after a whole-machine stall and a clock correction).
        #expect((86000...86460).contains(parsed.secondsToExpiry))
    }

    @Test("a server certificate is signed by its authority and carries its hosts as subjectAltNames")
    func server() throws {
        let ca = try HeldCertificate.authority()
        let held = try HeldCertificate.server(signedBy: ca, hosts: ["localhost", "*.example.test", "127.0.0.1", "::1"])
        let parsed = try Parsed(held)
        let authority = try Parsed(ca)
        #expect(!parsed.isAuthority)
        #expect(parsed.signed(by: authority))
        #expect(!parsed.signed(by: try Parsed(HeldCertificate.authority())))
        #expect(parsed.issuer == authority.subject)
        #expect(parsed.subject == "/O=Courier Test/CN=localhost")
        #expect(held.hosts == ["localhost", "*.example.test", "127.0.0.1", "::1"])
        #expect(parsed.covers(host: "localhost"))
        #expect(parsed.covers(host: "api.example.test"))
        #expect(!parsed.covers(host: "example.com"))
        #expect(parsed.covers(ip: "127.0.0.1"))
        #expect(parsed.covers(ip: "::1"))
        #expect(!parsed.covers(ip: "127.0.0.2"))
        #expect(parsed.hasExtendedUsage(UInt32(XKU_SSL_SERVER)))
        #expect(!parsed.hasExtendedUsage(UInt32(XKU_SSL_CLIENT)))
        #expect(X509_check_private_key(parsed.certificate, parsed.key) == 1)
    }

    @Test("an intermediate authority is a CA signed by its root")
    func intermediate() throws {
        let root = try HeldCertificate.authority(commonName: "Root")
        let intermediate = try HeldCertificate.authority(commonName: "Intermediate", signedBy: root)
        let parsed = try Parsed(intermediate)
        let parsedRoot = try Parsed(root)
        #expect(parsed.isAuthority)
        #expect(parsed.signed(by: parsedRoot))
        #expect(!parsed.signed(by: parsed))
        #expect(parsed.issuer == parsedRoot.subject)
    }

    @Test("a client certificate is for client authentication, with no subjectAltName")
    func client() throws {
        let ca = try HeldCertificate.authority()
        let held = try HeldCertificate.client(signedBy: ca, commonName: "alice")
        let parsed = try Parsed(held)
        #expect(parsed.signed(by: try Parsed(ca)))
        #expect(parsed.subject == "/O=Courier Test/CN=alice")
        #expect(parsed.hasExtendedUsage(UInt32(XKU_SSL_CLIENT)))
        #expect(!parsed.hasExtendedUsage(UInt32(XKU_SSL_SERVER)))
        #expect(!parsed.covers(host: "alice"))
    }

    @Test("a validity window in the past makes an expired certificate")
    func expired() throws {
        let now = Date()
        let ca = try HeldCertificate.authority()
        let held = try HeldCertificate.server(signedBy: ca, validity: now.addingTimeInterval(-7200)...now.addingTimeInterval(-3600))
        let seconds = try Parsed(held).secondsToExpiry
        #expect((-3700 ... -3500).contains(seconds))
    }

    @Test("every certificate has its own key and serial number")
    func unique() throws {
        let one = try HeldCertificate.authority()
        let two = try HeldCertificate.authority()
        #expect(one.publicKeySHA256 != two.publicKeySHA256)
        #expect(one.privateKeyPEM != two.privateKeyPEM)
        let parsedOne = try Parsed(one)
        let parsedTwo = try Parsed(two)  // both kept alive: the serial numbers point into them
        #expect(ASN1_INTEGER_cmp(X509_get_serialNumber(parsedOne.certificate), X509_get_serialNumber(parsedTwo.certificate)) != 0)
    }

    static let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first(where: FileManager.default.isExecutableFile(atPath:))

    @Test(
        "the pin is the base64 SHA-256 of the SubjectPublicKeyInfo, as the openssl command computes it",
        .enabled(if: openssl != nil, "the openssl command is not installed")
    )
    func pinMatchesOpenSSLCommand() async throws {
        let ca = try HeldCertificate.authority()
        let held = try HeldCertificate.server(signedBy: ca)
        #expect(Data(base64Encoded: held.publicKeySHA256)?.count == 32)
        #expect(held.pin == "sha256/" + held.publicKeySHA256)
        let openssl = try #require(Self.openssl)
        for certificate in [ca, held] {
            let expected = try await Self.shell(
                "\(openssl) x509 -pubkey -noout | \(openssl) pkey -pubin -outform der | \(openssl) dgst -sha256 -binary | base64",
                input: certificate.certificatePEM
            )
            #expect(certificate.publicKeySHA256 == expected.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Bad requests are typed errors.
    @Test("invalid input is refused with a typed error", arguments: [
        "empty host", "host with a comma", "non-ASCII host", "no hosts", "non-authority signer", "small RSA key", "empty window", "long name",
    ])
    func invalid(_ name: String) throws {
        let ca = try HeldCertificate.authority()
        let now = Date()
        let attempt: () throws(HeldCertificateError) -> HeldCertificate
        let expected: (HeldCertificateError) -> Bool
        switch name {
        case "empty host": attempt = { () throws(HeldCertificateError) in try .server(signedBy: ca, hosts: [""]) }
        case "host with a comma": attempt = { () throws(HeldCertificateError) in try .server(signedBy: ca, hosts: ["a,IP:1.2.3.4"]) }
        case "non-ASCII host": attempt = { () throws(HeldCertificateError) in try .server(signedBy: ca, hosts: ["café.test"]) }
        case "no hosts": attempt = { () throws(HeldCertificateError) in try .server(signedBy: ca, hosts: []) }
        case "non-authority signer":
            let leaf = try HeldCertificate.server(signedBy: ca)
            attempt = { () throws(HeldCertificateError) in try .client(signedBy: leaf) }
        case "small RSA key": attempt = { () throws(HeldCertificateError) in try .authority(keyType: .rsa(bits: 1024)) }
        case "empty window": attempt = { () throws(HeldCertificateError) in try .authority(validity: now...now) }
        default: attempt = { () throws(HeldCertificateError) in try .authority(commonName: String(repeating: "x", count: 65)) }
        }
        switch name {
        case "empty host", "host with a comma", "non-ASCII host", "no hosts": expected = { if case .invalidHost = $0 { true } else { false } }
        case "non-authority signer": expected = { if case .invalidAuthority = $0 { true } else { false } }
        default: expected = { if case .invalidParameter = $0 { true } else { false } }
        }
        #expect { _ = try attempt() } throws: { error in (error as? HeldCertificateError).map(expected) ?? false }
    }

    private static func shell(_ command: String, input: String) async throws -> String {
        let result = try await ChildProcess.runOffPool(URL(fileURLWithPath: "/bin/sh"), ["-c", command], input: Data(input.utf8))
        return String(decoding: result.stdout, as: UTF8.self)
    }
}
#endif
