import Courier
import CourierTesting
import Foundation
#if os(Linux)
import CourierSockets
#endif

/// Sends requests through `NetworkClient` over a named transport to an embedded `MockWebServer` and hands back
/// what arrived on the socket: the interop scripts parse those bytes, not the encoders' output, so they check
/// both transports' framing too.
final class WireCapture: Sendable {
    /// The transports by the names the scripts pass (`COURIER_TRANSPORT`): `urlSession` and `socket` (Linux).
    static func transport(named name: String) -> (any Transport)? {
        switch name {
        case "urlSession": return URLSessionTransport()
        #if os(Linux)
        case "socket": return SocketTransport(configuration: .init(proxy: .none))
        #endif
        default: return nil
        }
    }

    private let server: MockWebServer
    private let client: NetworkClient

    /// Starts a server and a client over `transport`.
    init(transport: any Transport) throws {
        server = MockWebServer()
        try server.start()
        server.dispatcher = { _ in MockResponse(status: 204) }
        client = NetworkClient(baseURL: server.baseURL, configuration: .init(retryPolicy: .never, transport: transport))
    }

    deinit { server.shutdown() }

    /// Sends `endpoint` and returns the request as the server recorded it.
    func send(_ endpoint: some Endpoint) async throws -> RecordedRequest {
        _ = try await client.response(endpoint.decoding(EmptyResponse.self))
        return try await server.takeRequest()
    }

    /// Sends a `GET` of `/path?query` exactly as given (no endpoint building) and returns the recorded request.
    func get(_ path: String, rawQuery query: String) async throws -> RecordedRequest {
        guard let url = URL(string: server.url(path).absoluteString + "?" + query) else {
            throw NetworkError.configuration(reason: .invalidRequest("not a URL query: \(query)"))
        }
        try await client.perform(HTTPRequest(method: .get, url: url, retryPolicy: .never)).body.discard()
        return try await server.takeRequest()
    }
}
