#if canImport(COpenSSL)
@testable import CourierSockets
import CourierTesting
import Foundation
import Testing

/// TLSConnection against another server implementation: the `openssl s_server` command (skipped without it).
@Suite("TLSConnection against openssl s_server (Linux)")
struct TLSOpenSSLServerTests {
    static let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first(where: FileManager.default.isExecutableFile(atPath:))

    /// A running `openssl s_server -www` for one connection, on a port it picked.
    final class Server {
        let child: ChildProcess.Running
        let port: UInt16
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-s_server-\(UUID().uuidString)")

        init(certificate: HeldCertificate, extraArguments: (URL) throws -> [String] = { _ in [] }) throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let cert = directory.appendingPathComponent("cert.pem")
            let key = directory.appendingPathComponent("key.pem")
            try Data(certificate.certificatePEM.utf8).write(to: cert)
            try Data(certificate.privateKeyPEM.utf8).write(to: key)
            child = try ChildProcess.start(URL(fileURLWithPath: try #require(TLSOpenSSLServerTests.openssl)), [
                "s_server", "-accept", "127.0.0.1:0", "-cert", cert.path, "-key", key.path, "-www", "-naccept", "1",
                "-alpn", "http/1.1",
            ] + (try extraArguments(directory)))
            // s_server prints `ACCEPT 127.0.0.1:<port>` once it listens; EOF (exit) ends the wait too.
            var text = ""
            while !text.contains("\n") || !text.contains("ACCEPT") {
                let chunk = ChildProcess.read(child.output)
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            let line = text.split(separator: "\n").first { $0.hasPrefix("ACCEPT") }
            port = line.flatMap { $0.split(separator: ":").last }.flatMap { UInt16($0) } ?? 0
        }

        deinit {
            child.terminate()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test("a GET is answered by s_server's status page, over TLS 1.3 with ALPN http/1.1", .enabled(if: openssl != nil))
    func statusPage() throws {
        let ca = try HeldCertificate.authority()
        let server = try Server(certificate: HeldCertificate.server(signedBy: ca))
        try #require(server.port != 0)
        let client = try TLSTestClient(port: server.port, serverName: "localhost", context: TLSContext(configuration: ca.trustingConfiguration))
        let response = try client.exchange("GET / HTTP/1.0\r\nHost: localhost\r\n\r\n")
        #expect(response.status == 200)
        #expect(client.connection.negotiatedVersion == "TLSv1.3")
        #expect(client.connection.negotiatedALPN == "http/1.1")
    }

    @Test("s_server requiring a client certificate accepts the configured identity", .enabled(if: openssl != nil))
    func mutualTLS() throws {
        let ca = try HeldCertificate.authority()
        let clientCA = try HeldCertificate.authority(commonName: "Client CA")
        let server = try Server(certificate: HeldCertificate.server(signedBy: ca)) { directory in
            let file = directory.appendingPathComponent("client-ca.pem")
            try Data(clientCA.certificatePEM.utf8).write(to: file)
            return ["-Verify", "1", "-CAfile", file.path, "-verify_return_error"]
        }
        try #require(server.port != 0)
        var configuration = ca.trustingConfiguration
        configuration.clientIdentity = try HeldCertificate.client(signedBy: clientCA, commonName: "alice").clientIdentity
        let client = try TLSTestClient(port: server.port, serverName: "127.0.0.1", context: TLSContext(configuration: configuration))
        let response = try client.exchange("GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(response.status == 200)
        // The status page shows the peer certificate s_server verified.
        #expect(String(decoding: response.body, as: UTF8.self).contains("Subject: O=Courier Test, CN=alice"))
    }
}
#endif
