#if canImport(COpenSSL)
@testable import CourierSockets
import CourierTesting
import Courier
import Foundation
import Testing
import TestSupport

/// Repeated handshakes leave no socket behind: descriptors are counted in /proc/self/fd, keeping only the
/// sockets whose TCP connection involves the test server's port (so suites running in parallel do not count).
@Suite("TLS resources (Linux)", .loopback)
struct TLSResourceTests {
    @Test("100 handshakes and refusals leave no descriptor open")
    func noDescriptorLeak() async throws {
        let ca = try HeldCertificate.authority()
        let server = try MockWebServer(configuration: .init(tls: .init(serving: ca)))
        try server.start()
        defer { server.shutdown() }
        let port = server.port
        let listening = OpenSockets.sockets(port: port).count
        #expect(listening == 1)  // the listener
        let trusted = try TLSContext(configuration: ca.trustingConfiguration)
        let untrusted = try TLSContext(configuration: HeldCertificate.authority().trustingConfiguration)
        for round in 0..<100 {
            if round % 2 == 0 {
                let client = try TLSTestClient(port: port, serverName: "localhost", context: trusted)
                let response = try client.exchange("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                #expect(response.status == 404)
            } else {
                let client = try TLSTestClient(port: port, serverName: "localhost", context: untrusted)
                #expect(throws: NetworkError.self) { try client.handshake() }
            }
        }
        #expect(await server.waitUntil(timeout: .seconds(60)) { $0.openConnectionCount == 0 })
        let left = OpenSockets.sockets(port: port)
        #expect(left.count == listening, "\(left.joined(separator: "\n"))")
        #expect(server.requestCount == 50)
    }

    @Test("one context and its session cache shared by 8 threads: 64 concurrent connections all verify")
    func sharedContext() throws {
        let ca = try HeldCertificate.authority()
        let server = try MockWebServer(configuration: .init(tls: .init(serving: ca)))
        try server.start()
        defer { server.shutdown() }
        let port = server.port
        let context = try TLSContext(configuration: ca.trustingConfiguration)
        let outcomes = LockedState<[Bool]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<8 {
                let status: Int? = try? {
                    let client = try TLSTestClient(port: port, serverName: "localhost", context: context)
                    return try client.exchange("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").status
                }()
                outcomes.withLock { $0.append(status == 404) }
            }
        }
        #expect(outcomes.withLock { $0 }.count == 64)
        #expect(outcomes.withLock { $0 }.allSatisfy { $0 })
        #expect(server.requestCount == 64)
    }
}
#endif
