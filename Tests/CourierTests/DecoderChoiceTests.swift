import Courier
import CourierTesting
import Foundation
import Testing

/// Which decoder reads a body, over a real loopback socket with each transport: the one the caller passes, else
/// the endpoint's own `responseDecoder`, else the client's — for responses and for error bodies alike.
@Suite struct DecoderChoiceTests {
    let server: MockWebServer

    init() throws { server = try startedServer() }

    func client(_ transport: TransportKind) -> NetworkClient {
        NetworkClient(baseURL: server.url("/"), configuration: .init(timeout: loopbackHangGuard, retryPolicy: .never, transport: transport.make()))
    }

    /// What this API's bodies need and the client's default decoder does not do: snake-case keys.
    static let snakeCase: JSONResponseDecoder = {
        var decoder = FlexibleJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return JSONResponseDecoder(decoder: decoder)
    }()

    struct Profile: Decodable, Sendable, Equatable {
        let userName: String
    }

    /// An endpoint that declares its decoder but no response type (a router case, say).
    struct GetProfile: APIDefinition {
        typealias APIResponse = Data
        var method: HTTPMethod { .get }
        var path: EndpointPath { "/profile" }
        var responseDecoder: (any ResponseDecoder)? { DecoderChoiceTests.snakeCase }
    }

    @Test(arguments: TransportKind.available)
    func decodingKeepsTheEndpointsDecoderUnlessTheCallerPassesOne(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        for _ in 0..<2 { server.enqueue(.json(#"{"user_name":"kim"}"#)) }
        let client = client(transport)
        #expect(try await client.send(GetProfile().decoding(Profile.self)) == Profile(userName: "kim"))
        #expect(try await client.send(GetProfile().decoding(String.self, using: TextResponseDecoder())) == #"{"user_name":"kim"}"#)
    }
}

/// `HTTPStatusFailure.decodeBody(as:)` without a decoder reads the body as `errorBody(as:)` does: with the
/// endpoint's decoder, else the client's, not with a default of its own.
extension DecoderChoiceTests {
    struct Problem: Decodable, Sendable, Equatable {
        let errorCode: String
    }

    @Test(arguments: TransportKind.available)
    func decodeBodyUsesTheConfiguredDecoderUnlessTheCallerPassesOne(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        for _ in 0..<2 { server.enqueue(.json(#"{"error_code":"quota"}"#, status: 422)) }
        let snakeClient = NetworkClient(baseURL: server.url("/"), configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: .never, decoder: Self.snakeCase, transport: transport.make()))
        let fromClient = try await statusFailure { _ = try await snakeClient.send(.get("/limits")) }
        let fromEndpoint = try await statusFailure { _ = try await client(transport).send(GetProfile()) }
        for failure in [fromClient, fromEndpoint] {
            #expect(try failure.decodeBody(as: Problem.self) == Problem(errorCode: "quota"))
            #expect(failure.errorBody(as: Problem.self) == Problem(errorCode: "quota"))
            #expect(throws: NetworkError.self) { try failure.decodeBody(as: Problem.self, using: JSONResponseDecoder()) }
        }
    }
}
