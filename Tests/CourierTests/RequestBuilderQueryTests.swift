import Foundation
import Testing
@testable import Courier

struct NoticeReadStatusListQuery: Encodable, Sendable {
    let cursorId: Int
    let filterType: String
    let organizationIds: [Int]
    let status: String?
}

/// The seed's router: query DTO and body DTO in separate cases, plus one case carrying both.
enum NoticeQueryRouter: APIDefinition {
    typealias APIResponse = EmptyResponse
    case readStatusList(noticeId: Int, query: NoticeReadStatusListQuery)
    case addLink(noticeId: Int, query: NoticeReadStatusListQuery, body: AddLinkRequestDTO)

    var method: HTTPMethod {
        switch self {
        case .readStatusList: .get
        case .addLink: .post
        }
    }

    var path: EndpointPath {
        switch self {
        case .readStatusList(let id, _): "/notices/\(id)/read-status"
        case .addLink(let id, _, _): "/notices/\(id)/links"
        }
    }

    var query: (any Encodable & Sendable)? {
        switch self {
        case .readStatusList(_, let query), .addLink(_, let query, _): query
        }
    }

    var body: RequestBody? {
        if case .addLink(_, _, let body) = self { .json(body) } else { nil }
    }
}

@Suite("Request builder: query and body DTOs")
struct RequestBuilderQueryTests {
    let query = NoticeReadStatusListQuery(cursorId: 10, filterType: "all read", organizationIds: [3, 1], status: nil)
    let expectedQuery = "cursorId=10&filterType=all%20read&organizationIds%5B0%5D=3&organizationIds%5B1%5D=1"

    @Test func queryDTOIsEncodedWithTheWireString() throws {
        let request = try HTTPRequest(NoticeQueryRouter.readStatusList(noticeId: 3, query: query), baseURL: testBaseURL)
        #expect(request.url.absoluteString == "https://api.example.com/v1/notices/3/read-status?\(expectedQuery)")
        #expect(request.body == nil && request.headers["Content-Type"] == nil)
    }

    @Test func queryAndBodyInOneRequest() throws {
        let endpoint = NoticeQueryRouter.addLink(noticeId: 3, query: query, body: AddLinkRequestDTO(url: "u", title: "t"))
        let request = try HTTPRequest(endpoint, baseURL: testBaseURL)
        #expect(request.url.absoluteString == "https://api.example.com/v1/notices/3/links?\(expectedQuery)")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(try request.body?.collected() == Data(#"{"title":"t","url":"u"}"#.utf8))
    }

    @Test(arguments: [HTTPMethod.get, .head, .delete, .options, .trace])
    func parametersGoToTheQueryForBodylessMethods(_ method: HTTPMethod) throws {
        let request = try HTTPRequest(AnyEndpoint(method: method, parameters: query), baseURL: testBaseURL)
        #expect(request.url.query == expectedQuery)
        #expect(request.body == nil)
    }

    @Test func emptyQueryDTOAddsNoQuestionMark() throws {
        struct Empty: Encodable, Sendable { let a: String? = nil }
        let request = try HTTPRequest(AnyEndpoint(query: Empty()), baseURL: testBaseURL)
        #expect(request.url.absoluteString == "https://api.example.com/v1/x")
    }

    @Test func endpointQueryEncoderOverridesTheClients() throws {
        struct Repeated: Endpoint {
            var method: HTTPMethod { .get }
            var path: EndpointPath { "/items" }
            var query: (any Encodable & Sendable)? { ["ids": [1, 2]] }
            var queryEncoder: URLQueryEncoder? { URLQueryEncoder(arrayEncodingStrategy: .repeated) }
        }
        #expect(try HTTPRequest(Repeated(), baseURL: testBaseURL).url.query == "ids=1&ids=2")

        let defaults = RequestDefaults(queryEncoder: URLQueryEncoder(arrayEncodingStrategy: .bracketed))
        let request = try HTTPRequest(AnyEndpoint(query: ["ids": [1, 2]]), baseURL: testBaseURL, defaults: defaults)
        #expect(request.url.query == "ids%5B%5D=1&ids%5B%5D=2")
    }

    @Test func queryEncodingFailureIsAQueryEncodingError() {
        struct Bad: Encodable, Sendable { let filter: [String: Double] }
        let error = #expect(throws: NetworkError.self) {
            try HTTPRequest(AnyEndpoint(query: Bad(filter: ["ratio": .nan])), baseURL: testBaseURL)
        }
        guard case .encoding(let failure)? = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(failure.part == .query)
        #expect(failure.codingPath == "filter.ratio")

        let scalar = #expect(throws: NetworkError.self) { try HTTPRequest(AnyEndpoint(query: 42), baseURL: testBaseURL) }
        guard case .encoding(let topLevel)? = scalar else {
            Issue.record("expected .encoding, got \(String(describing: scalar))")
            return
        }
        #expect(topLevel.part == .query && topLevel.message.contains("rootKey"))
    }

    @Test func builderQueryWithItsOwnEncoder() throws {
        let endpoint = EndpointBuilder.get("/search").query(["tags": ["a", "b"]], encoder: URLQueryEncoder(arrayEncodingStrategy: .commaSeparated))
        let built = try HTTPRequest(endpoint.decoding([String].self), baseURL: testBaseURL)
        #expect(built.url.query == "tags=a,b", "\(built.url)")
        #expect(try HTTPRequest(EndpointBuilder.get("/s").query(["q": "a+b"]), baseURL: testBaseURL).url.query == "q=a%2Bb")
    }

    struct LoginForm: Encodable, Sendable {
        let username: String
        let password: String
        let scopes: [String]
    }

    @Test func formBodyExactBytes() throws {
        let encoded = try RequestBody.form(LoginForm(username: "kim lee", password: "p&s=w+d", scopes: ["read", "write"])).encoded()
        #expect(encoded.contentType == "application/x-www-form-urlencoded")
        #expect(String(decoding: try encoded.body.collected(), as: UTF8.self)
                == "password=p%26s%3Dw%2Bd&scopes%5B0%5D=read&scopes%5B1%5D=write&username=kim+lee")

        let repeated = try RequestBody.form(LoginForm(username: "a", password: "b", scopes: ["x", "y"]),
                                            encoder: URLQueryEncoder(arrayEncodingStrategy: .repeated)).encoded()
        #expect(try repeated.body.collected() == Data("password=b&scopes=x&scopes=y&username=a".utf8))

        let request = try HTTPRequest(EndpointBuilder.post("/login").body(.form(LoginForm(username: "a", password: "b", scopes: []))), baseURL: testBaseURL)
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(try request.body?.collected() == Data("password=b&username=a".utf8))
    }

    @Test func formBodyFailureIsABodyEncodingError() {
        let error = #expect(throws: NetworkError.self) { try RequestBody.form(["x": Double.infinity]).encoded() }
        guard case .encoding(let failure)? = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(failure.part == .body && failure.codingPath == "x")
    }

    @Test func defaultJSONDecoderIsTolerant() throws {
        let response = HTTPResponse(statusCode: 200, body: Data(#"{"userId":"123","name":"kim"}"#.utf8))
        #expect(try JSONResponseDecoder().decode(UserDTO.self, from: response) == UserDTO(userId: 123, name: "kim"))
        let doubles = HTTPResponse(statusCode: 200, body: Data(#"{"userId":123.0,"name":"kim"}"#.utf8))
        #expect(try JSONResponseDecoder().decode(UserDTO.self, from: doubles).userId == 123)
        // Strict JSON refuses the same body.
        #expect(throws: NetworkError.self) { try StrictJSONResponseDecoder().decode(UserDTO.self, from: response) }
        // A real type error still fails with its path.
        let bad = HTTPResponse(statusCode: 200, body: Data(#"[{"userId":1,"name":"a"},{"userId":"12abc","name":"b"}]"#.utf8))
        let error = #expect(throws: NetworkError.self) { try JSONResponseDecoder().decode([UserDTO].self, from: bad) }
        guard case .decoding(let failure)? = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(failure.codingPath == "[1].userId")
    }
}
