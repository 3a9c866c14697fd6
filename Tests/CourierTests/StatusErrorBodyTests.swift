import Courier
import CourierTesting
import Foundation
import Testing

/// An `APIErrorBody` that is a `StatusErrorBody` (what httpidl generates for `ERROR 404 { … }`) is decoded as the
/// type of the failing status, over a real loopback socket with each transport.
@Suite struct StatusErrorBodyTests {
    struct NotFound: Codable, Sendable, Equatable { let message: String }
    struct Invalid: Codable, Sendable, Equatable { let fields: [String] }

    /// 404 a `NotFound`, 422 an `Invalid`, any other status an `APIProblem`.
    enum RepoError: StatusErrorBody, Equatable {
        case status404(NotFound), status422(Invalid), other(APIProblem)

        init(statusCode: Int, body: Data, headers: HTTPHeaders, decoder: any ResponseDecoder) throws {
            switch statusCode {
            case 404: self = .status404(try decoder.decode(NotFound.self, from: body, headers: headers))
            case 422: self = .status422(try decoder.decode(Invalid.self, from: body, headers: headers))
            default: self = .other(try decoder.decode(APIProblem.self, from: body, headers: headers))
            }
        }

        init(from decoder: any Decoder) throws { self = .other(try APIProblem(from: decoder)) }
    }

    struct GetRepo: APIDefinition {
        typealias APIResponse = EmptyResponse
        typealias APIErrorBody = RepoError
        var method: HTTPMethod { .get }
        var path: EndpointPath { "/repos/r" }
    }

    let server: MockWebServer

    init() throws { server = try startedServer() }

    func failure(_ client: NetworkClient) async throws -> HTTPStatusFailure {
        do {
            _ = try await client.send(GetRepo())
        } catch NetworkError.httpStatus(let failure) {
            return failure
        }
        throw NetworkError.cancelled   // not reached: the server answers with a failing status
    }

    @Test(arguments: TransportKind.available) func theStatusPicksTheType(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let client = NetworkClient(baseURL: server.url("/"),
                                   configuration: .init(timeout: loopbackHangGuard, retryPolicy: .never, transport: transport.make()))
        let problem = APIProblem(code: "busy", message: "try later")
        server.enqueue(try MockResponse.json(NotFound(message: "no repo"), status: 404))
        server.enqueue(try MockResponse.json(Invalid(fields: ["name"]), status: 422))
        server.enqueue(try MockResponse.json(problem, status: 503))
        server.enqueue(try MockResponse.json(Invalid(fields: []), status: 404))   // not a NotFound: the reason is kept
        #expect(try await failure(client).errorBody(as: RepoError.self) == .status404(NotFound(message: "no repo")))
        let invalid = try await failure(client)
        #expect(invalid.errorBody as? RepoError == .status422(Invalid(fields: ["name"])))
        #expect(invalid.errorBody(as: Invalid.self) == Invalid(fields: ["name"]))   // the body as a type of your choice
        #expect(try await failure(client).errorBody(as: RepoError.self) == .other(problem))
        let mismatched = try await failure(client)
        #expect(mismatched.errorBody == nil && mismatched.errorBodyFailure?.statusCode == 404)
    }
}
