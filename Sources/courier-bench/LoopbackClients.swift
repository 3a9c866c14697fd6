import Courier
import CourierSockets
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The GET clients of `courier-bench loopback`, each fetching and decoding the 200-byte JSON
/// (`ClientBenchmarks.Account`) that nginx serves at `accountPath`.
enum LoopbackClients {
    /// Requests in flight, and connections per host for every client.
    static let concurrency = 64
    /// nginx's JSON location (Scripts/bench-loopback.sh serves it).
    static let accountPath = "/accounts/42"

    /// Raw URLSession, no Courier: a data task per request, status check, JSONDecoder (`ClientBenchmarks.rawFetch`).
    static func rawURLSession(_ baseURL: URL) -> @Sendable () async throws -> Void {
        let configuration = URLSessionConfiguration.default
        configuration.httpMaximumConnectionsPerHost = concurrency
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        let url = baseURL.appendingPathComponent(accountPath)
        return { try await ClientBenchmarks.rawFetch(session, url) }
    }

    /// `NetworkClient.send(GetAccount)` over `transport`, with retries off.
    static func courier(_ baseURL: URL, _ transport: any Transport) -> @Sendable () async throws -> Void {
        let client = NetworkClient(baseURL: baseURL, configuration: .init(retryPolicy: .never, transport: transport))
        return { Measure.blackHole(try await client.send(ClientBenchmarks.GetAccount(id: 42))) }
    }

    /// `transport.send` of a plain GET, the body collected, the status checked and `JSONDecoder` run on the bytes:
    /// the same work as `courier` without the client (endpoint, interceptor stack, validation, decoder choice).
    static func bare(_ baseURL: URL, _ transport: any Transport) -> @Sendable () async throws -> Void {
        let request = HTTPRequest(method: .get, url: baseURL.appendingPathComponent(accountPath))
        return {
            let response = try await transport.send(request)
            let body = try await response.body.collect(upTo: 1 << 20)
            guard response.statusCode == 200 else { throw URLError(.badServerResponse) }
            Measure.blackHole(try JSONDecoder().decode(ClientBenchmarks.Account.self, from: body))
        }
    }

    /// `URLSessionTransport` with `concurrency` connections per host and no cookies.
    static func urlSessionTransport() -> URLSessionTransport {
        URLSessionTransport(configuration: .init(maximumConnectionsPerHost: concurrency))
    }

    /// `SocketTransport` with `concurrency` connections per host, trusting the test CA in `options.caFile` as an
    /// added root, with no time-out on the whole request (1 GiB transfers); with `http2`, one connection per host
    /// (every request a stream on it) where ALPN picks HTTP/2. Throws on Apple platforms, where there is no
    /// `SocketTransport`.
    static func socketTransport(_ options: LoopbackOptions, http2: Bool = false) throws -> any Transport {
        #if os(Linux)
        let authority = try String(contentsOfFile: options.caFile, encoding: .utf8)
        return SocketTransport(configuration: .init(
            maximumConnectionsPerHost: http2 ? 1 : concurrency, tls: TLSConfiguration(additionalTrustedRoots: [authority]),
            httpVersion: http2 ? .automatic : .http1Only
        ))
        #else
        throw NetworkError.configuration(reason: .invalidRequest("SocketTransport is Linux only"))
        #endif
    }
}
