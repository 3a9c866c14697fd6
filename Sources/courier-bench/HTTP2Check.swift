import Courier
import CourierHTTP
#if os(Linux)
import CourierSockets
#endif
import Foundation

/// `http2-check`: the same requests over `SocketTransport`'s HTTP/2 against a server none of us wrote (started
/// by `Scripts/interop-http2.sh`): small and large downloads, a large upload read back, 100 concurrent
/// streams on one connection. Environment: `COURIER_HTTP2_URL` (base URL), `COURIER_HTTP2_MODE`
/// (`automatic`: ALPN over TLS; `prior`: prior knowledge), `COURIER_HTTP2_CA` (a PEM root to trust),
/// `COURIER_HTTP2_DOCROOT` (the server's files: `small.txt`, `large.bin`), `COURIER_HTTP2_CHECKS=goaway` (only
/// the check for a server that sends GOAWAY every few requests). Prints `N passed, M failed`.
enum HTTP2Check {
    static let suite = BenchmarkSuite(
        name: "http2-check",
        summary: "HTTP/2 interop checks against $COURIER_HTTP2_URL (run by Scripts/interop-http2.sh)"
    ) {
        #if os(Linux)
        let environment = ProcessInfo.processInfo.environment
        guard let text = environment["COURIER_HTTP2_URL"], let baseURL = URL(string: text),
              let root = environment["COURIER_HTTP2_DOCROOT"] else {
            print("http2-check: set COURIER_HTTP2_URL and COURIER_HTTP2_DOCROOT")
            exit(2)
        }
        let failed = await run(
            baseURL: baseURL, documents: URL(fileURLWithPath: root), prior: environment["COURIER_HTTP2_MODE"] == "prior",
            caPath: environment["COURIER_HTTP2_CA"], onlyGoAway: environment["COURIER_HTTP2_CHECKS"] == "goaway")
        exit(failed == 0 ? 0 : 1)
        #else
        print("http2-check: SocketTransport is Linux only")
        exit(2)
        #endif
    }

    #if os(Linux)
    static func run(baseURL: URL, documents: URL, prior: Bool, caPath: String?, onlyGoAway: Bool) async -> Int {
        var tls = TLSConfiguration()
        if let caPath, let pem = try? String(contentsOfFile: caPath, encoding: .utf8) { tls.additionalTrustedRoots = [pem] }
        let opened = Counter()
        let transport = SocketTransport(configuration: .init(
            tls: tls, proxy: .none, metricsHandler: { if !$0.reusedConnection { opened.add() } },
            httpVersion: prior ? .http2PriorKnowledge : .automatic))
        let client = NetworkClient(baseURL: baseURL, configuration: .init(timeout: .seconds(30), retryPolicy: .never, transport: transport))
        let tally = HTTPBinCheck.Tally()
        if onlyGoAway {
            await goAwayCheck(client, opened, tally)
            print("\(tally.passed) passed, \(tally.failed) failed")
            return tally.failed
        }
        await downloadChecks(client, documents, tally)
        await tally.check("PUT 1 MiB, read back (echoed or stored)") {
            let payload = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let name: EndpointPath = "/uploads/put-\(UUID().uuidString).bin"
            let put = try await client.response(.put(name).body(.data(payload, contentType: "application/octet-stream")))
            if put.value == payload { return true }
            return try await client.response(.get(name)).value == payload
        }
        await tally.check("100 concurrent GETs on one connection") {
            let before = opened.value
            let bodies = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<100 { group.addTask { try await client.response(.get("/small.txt")).value.count } }
                return try await group.reduce(0) { $0 + $1 }
            }
            let small = try Data(contentsOf: documents.appendingPathComponent("small.txt"))
            return bodies == 100 * small.count && opened.value == before
        }
        print("\(tally.passed) passed, \(tally.failed) failed")
        return tally.failed
    }

    static func downloadChecks(_ client: NetworkClient, _ documents: URL, _ tally: HTTPBinCheck.Tally) async {
        for name in ["small.txt", "large.bin"] {
            await tally.check("GET /\(name)") {
                let expected = try Data(contentsOf: documents.appendingPathComponent(name))
                return try await client.response(.get(EndpointPath(stringLiteral: "/\(name)"))).value == expected
            }
        }
        await tally.check("GET a missing file: 404 as a status") {
            do {
                _ = try await client.response(.get("/missing"))
                return false
            } catch NetworkError.httpStatus(let failure) {
                return failure.statusCode == 404
            }
        }
    }

    /// A server that ends each connection with GOAWAY after a few requests: every request still succeeds (those
    /// above the last-stream-id sent again on a new connection), over more than one connection.
    static func goAwayCheck(_ client: NetworkClient, _ opened: Counter, _ tally: HTTPBinCheck.Tally) async {
        await tally.check("300 GETs in waves of 50 across the server's GOAWAYs") {
            var total = 0
            for _ in 0..<6 {
                total += try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<50 { group.addTask { try await client.response(.get("/small.txt")).statusCode == 200 ? 1 : 0 } }
                    return try await group.reduce(0, +)
                }
            }
            print("  \(opened.value) connections opened")
            return total == 300 && opened.value > 1
        }
    }

    /// Connections opened, counted from the metrics handler.
    final class Counter: Sendable {
        private let count = LockedState(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }
    #endif
}
