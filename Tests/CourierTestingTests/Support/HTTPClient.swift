import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSession set up for tests against the loopback server.
enum HTTPClient {
    /// An ephemeral session whose requests give up after `timeout` seconds (by default only a hang guard).
    static func session(timeout: Double = HangGuard.seconds, maxConnections: Int = 8) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = maxConnections
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }

    /// Sends `request` and returns the body and HTTP response.
    static func send(_ request: URLRequest, session: URLSession) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
    }

    static func get(_ url: URL, session: URLSession) async throws -> (Data, HTTPURLResponse) {
        try await send(URLRequest(url: url), session: session)
    }

    /// The `URLError` code a request fails with, or nil if it succeeds.
    static func failure(of request: URLRequest, session: URLSession) async -> URLError.Code? {
        do {
            _ = try await session.data(for: request)
            return nil
        } catch let error as URLError {
            return error.code
        } catch {
            return URLError.Code(rawValue: -999_999)
        }
    }
}
