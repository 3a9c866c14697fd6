import Foundation
import Testing
@testable import Courier

// MARK: - Fixtures: one struct per endpoint, and a router enum (Moya style)

struct UserDTO: Codable, Sendable, Equatable {
    let userId: Int
    let name: String
}

struct AddLinkRequestDTO: Encodable, Sendable {
    let url: String
    let title: String
}

struct GetUser: APIDefinition {
    typealias APIResponse = UserDTO
    let id: Int
    var method: HTTPMethod { .get }
    var path: EndpointPath { "/users/\(id)" }
}

struct CreateUser: APIDefinition {
    typealias APIResponse = UserDTO
    let name: String
    var method: HTTPMethod { .post }
    var path: EndpointPath { "/users" }
    var body: RequestBody? { .json(["name": name]) }
    var headers: HTTPHeaders { ["Idempotency-Key": "k-1"] }
    var timeout: Duration? { .seconds(12) }
    var acceptableStatusCodes: Set<Int>? { [201] }
    var retryPolicy: RetryPolicy? { .never }
}

enum NoticeRouter: APIDefinition {
    typealias APIResponse = EmptyResponse
    case detail(noticeId: Int)
    case addLink(noticeId: Int, body: AddLinkRequestDTO)
    case remove(noticeId: Int)

    var method: HTTPMethod {
        switch self {
        case .detail: .get
        case .addLink: .post
        case .remove: .delete
        }
    }

    var path: EndpointPath {
        switch self {
        case .detail(let id): "/notices/\(id)"
        case .addLink(let id, _): "/notices/\(id)/links"
        case .remove(let id): "/notices/\(id)"
        }
    }

    var body: RequestBody? {
        switch self {
        case .addLink(_, let body): .json(body)
        default: nil
        }
    }
}

/// An endpoint whose every property is configurable, for the error rows.
struct AnyEndpoint: Endpoint {
    var method: HTTPMethod = .get
    var path: EndpointPath = "/x"
    var query: (any Encodable & Sendable)?
    var body: RequestBody?
    var parameters: (any Encodable & Sendable)?
    var headers: HTTPHeaders = [:]
    var timeout: Duration?
}

let testBaseURL = URL(string: "https://api.example.com/v1")!

extension HTTPBody {
    /// Reads the whole body through its reader (tests only).
    func collected(chunkSize: Int = 7) throws -> Data {
        let reader = try makeReader()
        defer { reader.close() }
        var data = Data()
        while let chunk = try reader.read(maxLength: chunkSize) {
            #expect(!chunk.isEmpty && chunk.count <= chunkSize)
            data.append(chunk)
        }
        return data
    }
}

func expectConfigurationError(
    _ endpoint: some Endpoint, containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let error = #expect(throws: NetworkError.self, sourceLocation: sourceLocation) {
        try HTTPRequest(endpoint, baseURL: testBaseURL)
    }
    guard case .configuration(reason: .invalidRequest(let message))? = error else {
        Issue.record("expected .invalidRequest, got \(String(describing: error))", sourceLocation: sourceLocation)
        return
    }
    #expect(message.contains(fragment), "\(message)", sourceLocation: sourceLocation)
}

// MARK: - Tests

@Suite("Request builder")
struct RequestBuilderTests {
    @Test func structEndpointWithPathParameter() throws {
        let request = try HTTPRequest(GetUser(id: 7), baseURL: testBaseURL)
        #expect(request.method == .get)
        #expect(request.url.absoluteString == "https://api.example.com/v1/users/7")
        #expect(request.headers.isEmpty)
        #expect(request.body == nil)
        // Without client defaults, the standard ones.
        #expect(request.timeout == .seconds(60) && request.acceptableStatusCodes == Set(200..<300) && request.retryPolicy == .default)
    }

    @Test func perEndpointSettingsAreCopied() throws {
        let request = try HTTPRequest(CreateUser(name: "Kim"), baseURL: testBaseURL)
        #expect(request.method == .post)
        #expect(request.headers.fields == [
            .init(name: "Idempotency-Key", value: "k-1"), .init(name: "Content-Type", value: "application/json"),
        ])
        #expect(try request.body?.collected() == Data(#"{"name":"Kim"}"#.utf8))
        #expect(request.timeout == .seconds(12))
        #expect(request.acceptableStatusCodes == [201])
        #expect(request.retryPolicy == .never)
    }

    @Test func routerEnumCases() throws {
        let detail = try HTTPRequest(NoticeRouter.detail(noticeId: 3), baseURL: testBaseURL)
        #expect(detail.method == .get)
        #expect(detail.url.absoluteString == "https://api.example.com/v1/notices/3")
        #expect(detail.body == nil && detail.headers["Content-Type"] == nil)

        let add = try HTTPRequest(
            NoticeRouter.addLink(noticeId: 3, body: AddLinkRequestDTO(url: "https://x.io/a", title: "A")), baseURL: testBaseURL
        )
        #expect(add.method == .post)
        #expect(add.url.absoluteString == "https://api.example.com/v1/notices/3/links")
        #expect(add.headers["Content-Type"] == "application/json")
        #expect(try add.body?.collected() == Data(#"{"title":"A","url":"https://x.io/a"}"#.utf8))

        let remove = try HTTPRequest(NoticeRouter.remove(noticeId: 9), baseURL: testBaseURL)
        #expect(remove.method == .delete && remove.url.path == "/v1/notices/9")
    }

    @Test func existentialEndpointsWork() throws {
        let endpoints: [any Endpoint] = [GetUser(id: 1), NoticeRouter.remove(noticeId: 2)]
        let urls = try endpoints.map { try HTTPRequest($0, baseURL: testBaseURL).url.absoluteString }
        #expect(urls == ["https://api.example.com/v1/users/1", "https://api.example.com/v1/notices/2"])
    }

    @Test func defaultsAndEndpointHeadersMerge() throws {
        let defaults = RequestDefaults(headers: ["User-Agent": "App/1", "Accept": "text/html", "Content-Type": "text/plain"])
        let endpoint = AnyEndpoint(headers: ["accept": "application/json", "X-Trace": "t"])
        let request = try HTTPRequest(endpoint, baseURL: testBaseURL, defaults: defaults)
        // No body → no Content-Type, even a default one.
        #expect(request.headers.fields == [
            .init(name: "User-Agent", value: "App/1"), .init(name: "accept", value: "application/json"),
            .init(name: "X-Trace", value: "t"),
        ])
    }

    @Test func bodyContentTypeReplacesADefaultButNotTheEndpointsOwn() throws {
        let defaults = RequestDefaults(headers: ["Content-Type": "text/plain"])
        let json = try HTTPRequest(AnyEndpoint(method: .post, body: .json(1)), baseURL: testBaseURL, defaults: defaults)
        #expect(json.headers.values(for: "Content-Type") == ["application/json"])

        let custom = AnyEndpoint(method: .post, body: .json(1), headers: ["content-type": "application/vnd.api+json"])
        let request = try HTTPRequest(custom, baseURL: testBaseURL, defaults: defaults)
        #expect(request.headers.values(for: "Content-Type") == ["application/vnd.api+json"])
    }

    @Test func parametersBecomeAJSONBodyForPostPutPatch() throws {
        for method in [HTTPMethod.post, .put, .patch] {
            let request = try HTTPRequest(AnyEndpoint(method: method, parameters: ["b": 2, "a": 1]), baseURL: testBaseURL)
            #expect(request.headers["Content-Type"] == "application/json")
            #expect(try request.body?.collected() == Data(#"{"a":1,"b":2}"#.utf8))
            #expect(request.url.query == nil)
        }
    }

    @Test func bodyOnGetHeadTraceIsRejected() {
        for method in [HTTPMethod.get, .head, .trace] {
            expectConfigurationError(AnyEndpoint(method: method, body: .json(1)), containing: "cannot have a body")
        }
    }

    @Test func bodyOnDeleteIsAllowed() throws {
        let request = try HTTPRequest(AnyEndpoint(method: .delete, body: .data(Data([1]), contentType: "application/octet-stream")), baseURL: testBaseURL)
        #expect(request.headers["Content-Type"] == "application/octet-stream")
    }

    @Test func clashingDTOsAreRejected() {
        expectConfigurationError(AnyEndpoint(method: .get, query: ["a": 1], parameters: ["b": 2]), containing: "both `parameters` and `query`")
        expectConfigurationError(AnyEndpoint(method: .post, body: .json(1), parameters: ["b": 2]), containing: "both `parameters` and `body`")
    }

    @Test(arguments: ["", "GE T", "GET\r\n", "PO/ST"])
    func invalidMethodIsRejected(_ token: String) {
        expectConfigurationError(AnyEndpoint(method: HTTPMethod(rawValue: token)), containing: "not a valid HTTP method")
    }

    @Test(arguments: [Duration.zero, .seconds(-1), .nanoseconds(-1)])
    func invalidTimeoutIsRejected(_ timeout: Duration) {
        expectConfigurationError(AnyEndpoint(timeout: timeout), containing: "timeout")
    }

    @Test func invalidPathAndBaseURLSurface() throws {
        expectConfigurationError(AnyEndpoint(path: "/x?y=1"), containing: "?")
        let error = #expect(throws: NetworkError.self) {
            try HTTPRequest(AnyEndpoint(), baseURL: URL(string: "https://api.example.com?k=1")!)
        }
        guard case .configuration(reason: .invalidBaseURL)? = error else {
            Issue.record("expected .invalidBaseURL, got \(String(describing: error))")
            return
        }
    }

    @Test func headerInjectionIsRejected() {
        for headers: HTTPHeaders in [["X-A": "1\r\nEvil: 1"], ["X-A\nB": "1"]] {
            let error = #expect(throws: NetworkError.self) { try HTTPRequest(AnyEndpoint(headers: headers), baseURL: testBaseURL) }
            guard case .configuration(reason: .invalidHeader)? = error else {
                Issue.record("expected .invalidHeader, got \(String(describing: error))")
                continue
            }
        }
        let defaults = RequestDefaults(headers: ["X-Default": "a\rb"])
        #expect(throws: NetworkError.configuration(reason: .invalidHeader(name: "X-Default", reason: "the value contains CR or LF"))) {
            try HTTPRequest(AnyEndpoint(), baseURL: testBaseURL, defaults: defaults)
        }
        // A content type with CR/LF is a header too.
        #expect(throws: NetworkError.configuration(reason: .invalidHeader(name: "Content-Type", reason: "the value contains CR or LF"))) {
            try HTTPRequest(AnyEndpoint(method: .post, body: .data(Data(), contentType: "text/plain\r\nX: 1")), baseURL: testBaseURL)
        }
    }

    @Test func bodyEncodingFailureIsAnEncodingError() {
        struct Bad: Encodable, Sendable { let value = Double.nan }
        let error = #expect(throws: NetworkError.self) {
            try HTTPRequest(AnyEndpoint(method: .post, body: .json(["items": [Bad()]])), baseURL: testBaseURL)
        }
        guard case .encoding(let failure)? = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(failure.part == .body)
        #expect(failure.codingPath == "items[0].value")
    }
}
