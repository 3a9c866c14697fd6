import Foundation
import Testing
@testable import Courier

@Suite("URL construction contract")
struct URLConstructionTests {
    struct Row: Sendable, CustomStringConvertible {
        let base: String
        let path: EndpointPath
        let expected: String
        var description: String { "\(base) + \(path)" }
    }

    static let validRows: [Row] = [
        // Base path kept; a leading slash does not reset it.
        Row(base: "https://api.example.com/v1", path: "/users", expected: "https://api.example.com/v1/users"),
        Row(base: "https://api.example.com/v1/", path: "users/%E2%9C%93", expected: "https://api.example.com/v1/users/%E2%9C%93"),
        // No double slashes at the join, whatever the slashes on each side.
        Row(base: "https://api.example.com/v1/", path: "/users", expected: "https://api.example.com/v1/users"),
        Row(base: "https://api.example.com/v1", path: "users", expected: "https://api.example.com/v1/users"),
        Row(base: "https://api.example.com", path: "/users", expected: "https://api.example.com/users"),
        Row(base: "https://api.example.com/", path: "/users", expected: "https://api.example.com/users"),
        Row(base: "https://api.example.com/a/b", path: "/c/d", expected: "https://api.example.com/a/b/c/d"),
        // Repeated slashes inside the route collapse.
        Row(base: "https://api.example.com/v1", path: "//users//posts", expected: "https://api.example.com/v1/users/posts"),
        // A trailing slash is kept; an empty path leaves the base untouched.
        Row(base: "https://api.example.com/v1", path: "/users/", expected: "https://api.example.com/v1/users/"),
        Row(base: "https://api.example.com/v1/", path: "", expected: "https://api.example.com/v1/"),
        Row(base: "https://api.example.com/v1", path: "", expected: "https://api.example.com/v1"),
        Row(base: "https://api.example.com/", path: "", expected: "https://api.example.com/"),
        Row(base: "https://api.example.com", path: "", expected: "https://api.example.com"),
        Row(base: "https://api.example.com/v1", path: "/", expected: "https://api.example.com/v1/"),
        // Port, user info and an encoded base path survive.
        Row(base: "http://127.0.0.1:8080/api", path: "/ping", expected: "http://127.0.0.1:8080/api/ping"),
        Row(base: "http://[::1]:8080/api", path: "/ping", expected: "http://[::1]:8080/api/ping"),
        Row(base: "HTTPS://API.example.com:443", path: "/Ping", expected: "HTTPS://API.example.com:443/Ping"),
        Row(base: "https://user@api.example.com/v%201", path: "/x", expected: "https://user@api.example.com/v%201/x"),
        // Already percent-encoded segments are preserved as written.
        Row(base: "https://api.example.com", path: "/files/a%2Fb", expected: "https://api.example.com/files/a%2Fb"),
        Row(base: "https://api.example.com", path: "/files/%e2%9c%93", expected: "https://api.example.com/files/%e2%9c%93"),
        // Raw spaces and non-ASCII in literals are encoded.
        Row(base: "https://api.example.com", path: "/my files/✓", expected: "https://api.example.com/my%20files/%E2%9C%93"),
        Row(base: "https://api.example.com", path: "/사용자", expected: "https://api.example.com/%EC%82%AC%EC%9A%A9%EC%9E%90"),
        Row(base: "https://api.example.com", path: "/a\"b<c>{d}|e^f`g\\h", expected: "https://api.example.com/a%22b%3Cc%3E%7Bd%7D%7Ce%5Ef%60g%5Ch"),
        // pchar characters in literals stay.
        Row(base: "https://api.example.com", path: "/a:b@c!$&'()*+,;=d", expected: "https://api.example.com/a:b@c!$&'()*+,;=d"),
        // Parameters are one segment each.
        Row(base: "https://api.example.com/v1", path: "/users/\(7)", expected: "https://api.example.com/v1/users/7"),
        Row(base: "https://api.example.com", path: "/users/\("a/b")/posts", expected: "https://api.example.com/users/a%2Fb/posts"),
        Row(base: "https://api.example.com", path: "/q/\("what?")", expected: "https://api.example.com/q/what%3F"),
        Row(base: "https://api.example.com", path: "/p/\("100%")", expected: "https://api.example.com/p/100%25"),
        Row(base: "https://api.example.com", path: "/p/\("%2F")", expected: "https://api.example.com/p/%252F"),
        Row(base: "https://api.example.com", path: "/p/\("a#b")", expected: "https://api.example.com/p/a%23b"),
        Row(base: "https://api.example.com", path: "/p/\("../admin")", expected: "https://api.example.com/p/..%2Fadmin"),
        Row(base: "https://api.example.com", path: "/p/\("a b+c&d=e")", expected: "https://api.example.com/p/a%20b%2Bc%26d%3De"),
        Row(base: "https://api.example.com", path: "/p/\("kim@x.io")", expected: "https://api.example.com/p/kim%40x.io"),
        Row(base: "https://api.example.com", path: "/p/\("✓")", expected: "https://api.example.com/p/%E2%9C%93"),
        Row(base: "https://api.example.com", path: "/p/\("a.b-c_d~e")", expected: "https://api.example.com/p/a.b-c_d~e"),
        Row(base: "https://api.example.com", path: "/p/\("...")", expected: "https://api.example.com/p/..."),
        // A parameter inside a segment; a parameter first without a leading slash.
        Row(base: "https://api.example.com", path: "/files/\("report").json", expected: "https://api.example.com/files/report.json"),
        Row(base: "https://api.example.com/v1", path: "\("x y")/z", expected: "https://api.example.com/v1/x%20y/z"),
    ]

    @Test(arguments: validRows)
    func buildsTheExpectedURL(_ row: Row) throws {
        let base = try #require(URL(string: row.base))
        let url = try RequestURLBuilder.url(baseURL: base, path: row.path)
        #expect(url.absoluteString == row.expected)
    }

    @Test func appendsTheQueryWireString() throws {
        let base = try #require(URL(string: "https://api.example.com/v1"))
        let url = try RequestURLBuilder.url(baseURL: base, path: "/search", query: "q=a%20b&tags%5B0%5D=x")
        #expect(url.absoluteString == "https://api.example.com/v1/search?q=a%20b&tags%5B0%5D=x")
        let noQuery = try RequestURLBuilder.url(baseURL: base, path: "/search", query: "")
        #expect(noQuery.absoluteString == "https://api.example.com/v1/search")
        let slashed = try #require(URL(string: "https://api.example.com/v1/"))
        #expect(try RequestURLBuilder.url(baseURL: slashed, path: "", query: "q=1").absoluteString == "https://api.example.com/v1/?q=1")
        #expect(try RequestURLBuilder.url(baseURL: base, path: "", query: "q=1").absoluteString == "https://api.example.com/v1?q=1")
    }

    @Test func relativeBaseURLResolvesFirst() throws {
        let root = try #require(URL(string: "https://api.example.com/v1/"))
        let base = try #require(URL(string: "v2", relativeTo: root))
        let url = try RequestURLBuilder.url(baseURL: base, path: "/users")
        #expect(url.absoluteString == "https://api.example.com/v1/v2/users")
    }

    static let invalidPaths: [(EndpointPath, String)] = [
        ("/users?page=2", "?"),
        ("/users#top", "#"),
        ("/search?", "?"),
        ("/a/%", "malformed"),
        ("/a/%2", "malformed"),
        ("/a/%ZZ", "malformed"),
        ("/a/%G1/b", "malformed"),
        ("/a/%2/b", "malformed"),
        ("/a/./b", "'.' or '..'"),
        ("/a/../b", "'.' or '..'"),
        ("/a/..", "'.' or '..'"),
        ("/a/%2e%2E/b", "'.' or '..'"),
        ("/a/.%2e", "'.' or '..'"),
        ("/users/\("")", "empty"),
        ("/users/\(".")", "empty"),
        ("/users/\("..")/x", "empty"),
        ("/users/\(".")\(".")", "empty"),
    ]

    @Test(arguments: invalidPaths)
    func rejectsInvalidPaths(_ path: EndpointPath, _ fragment: String) throws {
        let base = try #require(URL(string: "https://api.example.com/v1"))
        let error = #expect(throws: NetworkError.self) { try RequestURLBuilder.url(baseURL: base, path: path) }
        guard case .configuration(reason: .invalidRequest(let message))? = error else {
            Issue.record("expected .invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(message.contains(fragment), "\(message)")
    }

    @Test func dotSegmentsAreCheckedOnTheFinishedPath() throws {
        let base = try #require(URL(string: "https://api.example.com"))
        #expect(try RequestURLBuilder.url(baseURL: base, path: "/a/\("x").").absoluteString == "https://api.example.com/a/x.")
        #expect(throws: NetworkError.self) { try RequestURLBuilder.url(baseURL: base, path: "/a/.\("x")/../b") }
        #expect(try RequestURLBuilder.url(baseURL: base, path: "/a/.\(".x")").absoluteString == "https://api.example.com/a/..x")
    }

    static let invalidBases: [String] = [
        "/v1",                                  // not absolute
        "api.example.com/v1",                   // no scheme
        "https://api.example.com/v1?key=1",     // query
        "https://api.example.com/v1?",          // empty query
        "https://api.example.com/v1#frag",      // fragment
        "file:///tmp/x",                        // no host
        "mailto:kim@example.com",               // no host
        "a/b://c.example.com/v1",               // a relative reference that only looks like scheme://host
        "http:///v1",                           // empty host
        "http://:8080/v1",                      // a port, no host
        "https://kim@/v1",                      // user info, no host
    ]

    @Test(arguments: invalidBases)
    func rejectsInvalidBaseURLs(_ base: String) throws {
        let url = try #require(URL(string: base))
        let error = #expect(throws: NetworkError.self) { try RequestURLBuilder.url(baseURL: url, path: "/users") }
        guard case .configuration(reason: .invalidBaseURL)? = error else {
            Issue.record("expected .invalidBaseURL, got \(String(describing: error))")
            return
        }
    }

    @Test func encodedPathAlone() throws {
        #expect(try RequestURLBuilder.encodedPath("") == "")
        #expect(try RequestURLBuilder.encodedPath("users") == "/users")
        #expect(try RequestURLBuilder.encodedPath("/users/\(42)/posts") == "/users/42/posts")
    }

    @Test func endpointPathDescriptionShowsParameters() {
        let path: EndpointPath = "/users/\("a/b")/posts"
        #expect(path.description == "/users/{a/b}/posts")
        #expect(path.components == [.literal("/users/"), .parameter("a/b"), .literal("/posts")])
    }

    enum Kind: String { case admin = "ad min" }

    @Test func rawRepresentableParameterUsesRawValue() throws {
        let base = try #require(URL(string: "https://api.example.com"))
        let url = try RequestURLBuilder.url(baseURL: base, path: "/roles/\(Kind.admin)")
        #expect(url.absoluteString == "https://api.example.com/roles/ad%20min")
    }
}
