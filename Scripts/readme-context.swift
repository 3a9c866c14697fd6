// What the ```swift blocks of README.md may assume, as the rest of a real app would provide it: a client, a test
// server, and the DTOs and endpoints the samples mention. Scripts/interop-readme.sh compiles each README block
// as its own module importing this one (plus the Swift generated from the README's ```httpidl blocks).
// A block that declares one of these names itself uses its own declaration.
import Courier
import CourierTesting
import Foundation

// MARK: - Clients and servers

/// The client most samples send with.
public let client = NetworkClient(baseURL: URL(string: "https://api.example.com/v1")!)

/// The embedded server the testing samples script.
public let server = MockWebServer()

/// Hands out a fixed bearer token (a real app would refresh it with its auth server).
public struct FixedTokens: TokenProvider {
    public init() {}
    public func currentToken() async throws -> String? { "token" }
    public func refreshToken(rejected: String?) async throws -> String { "token" }
}

/// The token provider the auth samples use.
public let tokens: any TokenProvider = FixedTokens()

/// A token passed to generated requests with a `HEADER` field.
public let token = "token"

// MARK: - Users

/// A user as the samples' server sends it.
public struct UserDTO: Codable, Sendable, Equatable {
    public let id: Int
    public let name: String
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// `GET /users/{id}`.
public struct GetUser: APIDefinition {
    public typealias APIResponse = UserDTO
    public let id: Int
    public init(id: Int) { self.id = id }
    public var method: HTTPMethod { .get }
    public var path: EndpointPath { "/users/\(id)" }
}

/// `GET /users/{id}/avatar`: raw bytes.
public struct GetAvatar: APIDefinition {
    public typealias APIResponse = Data
    public let id: Int
    public init(id: Int) { self.id = id }
    public var method: HTTPMethod { .get }
    public var path: EndpointPath { "/users/\(id)/avatar" }
}

/// `POST /photos`: a multipart upload of one file.
public struct UploadPhoto: MultipartAPIDefinition {
    public typealias APIResponse = EmptyResponse
    public let file: URL
    public init(file: URL) { self.file = file }
    public var path: EndpointPath { "/photos" }
    public var multipartFormData: MultipartFormData {
        var form = MultipartFormData()
        form.append(fileAt: file, name: "photo")
        return form
    }
}

/// A photo on disk.
public let photoURL = URL(fileURLWithPath: "/tmp/photo.jpg")

/// `GET /reports/{id}`: a file to download.
public struct GetReport: Endpoint {
    public let id: Int
    public init(id: Int) { self.id = id }
    public var method: HTTPMethod { .get }
    public var path: EndpointPath { "/reports/\(id)" }
}

/// Where downloads go.
public let fileURL = URL(fileURLWithPath: "/tmp/report.pdf")

// MARK: - Notices (the router-enum samples)

/// Paging of the read-status list.
public struct NoticeQuery: Encodable, Sendable {
    public var page: Int
    public var size: Int
    public init(page: Int, size: Int) {
        self.page = page
        self.size = size
    }
}

/// The name the seed DTOs use for `NoticeQuery`.
public typealias NoticeReadStatusListQuery = NoticeQuery

/// A link to attach to a notice.
public struct NewLink: Encodable, Sendable {
    public var url: URL
    public init(url: URL) { self.url = url }
}

/// The name the seed DTOs use for `NewLink`.
public typealias AddLinkRequestDTO = NewLink

/// A page of notices.
public struct NoticePage: Codable, Sendable {
    public struct Notice: Codable, Sendable {
        public var id: Int
        public var title: String
    }
    public var items: [Notice]
}

/// The notice API as a router enum.
public enum NoticeRouter: APIDefinition {
    public typealias APIResponse = NoticePage
    case readStatusList(noticeId: Int, query: NoticeQuery)
    case addLink(noticeId: Int, body: NewLink)

    public var method: HTTPMethod {
        switch self {
        case .readStatusList: .get
        case .addLink: .post
        }
    }

    public var path: EndpointPath {
        switch self {
        case .readStatusList(let id, _): "/notices/\(id)/read-status"
        case .addLink(let id, _): "/notices/\(id)/links"
        }
    }

    public var query: (any Encodable & Sendable)? {
        if case .readStatusList(_, let query) = self { query } else { nil }
    }

    public var body: RequestBody? {
        if case .addLink(_, let link) = self { .json(link) } else { nil }
    }
}

/// The query of the samples' read-status call.
public let q = NoticeQuery(page: 1, size: 20)

// MARK: - Search and events

/// A search query DTO.
public struct SearchQuery: Encodable, Sendable {
    public var q: String
    public init(q: String) { self.q = q }
}

/// A search result.
public struct Item: Codable, Sendable {
    public var id: Int
    public var title: String
}

/// An analytics event.
public struct Event: Codable, Sendable {
    public var name: String
    public init(name: String) { self.name = name }
}

/// The event the samples post.
public let event = Event(name: "signup")

/// An idempotency key.
public let key = UUID().uuidString


// MARK: - Cookies and redirects

/// The API's base URL.
public let api = URL(string: "https://api.example.com/v1")!

/// Where the app keeps its files.
public let supportDirectory = FileManager.default.temporaryDirectory

/// The samples' cookie file.
public let cookiesFile = supportDirectory.appendingPathComponent("courier-readme-cookies.json")

/// A password.
public let secret = "secret"

/// Logs in; the server answers with `Set-Cookie`.
public struct Login: APIDefinition {
    public typealias APIResponse = EmptyResponse
    public let user: String
    public let password: String
    public init(user: String, password: String) { self.user = user; self.password = password }
    public var method: HTTPMethod { .post }
    public var path: EndpointPath { "/login" }
    public var body: RequestBody? { .form(["user": user, "password": password]) }
}

/// The logged-in user.
public struct GetMe: APIDefinition {
    public typealias APIResponse = UserDTO
    public init() {}
    public var method: HTTPMethod { .get }
    public var path: EndpointPath { "/me" }
}

/// Where the app keeps caches.
public let cachesDirectory = FileManager.default.temporaryDirectory
