import CourierHTTP
import Foundation
import CourierTesting
import Testing
@testable import Courier

/// `RequestURL`: a built URL kept as text is parsed only when read, and only text that `URL(string:)` keeps
/// exactly is kept unparsed.
@Suite("RequestURL: text kept, parsed once when read")
struct RequestURLTests {
    static let prefix = "https://api.example.com/v1"

    struct Row: Sendable, CustomStringConvertible {
        let suffix: String
        let keptUnparsed: Bool
        var description: String { "\(suffix.debugDescription) → \(keptUnparsed ? "unparsed" : "nil")" }
    }

    static let rows: [Row] = [
        Row(suffix: "", keptUnparsed: true),
        Row(suffix: "/accounts/42", keptUnparsed: true),
        Row(suffix: "/a:b@c!$&'()*+,;=d-._~", keptUnparsed: true),
        Row(suffix: "/p/%E2%9C%93%2f?q=a%20b&r=1/2?3", keptUnparsed: true),
        Row(suffix: "?", keptUnparsed: true),
        Row(suffix: "/%", keptUnparsed: false),
        Row(suffix: "/%2", keptUnparsed: false),
        Row(suffix: "/%2?x", keptUnparsed: false),
        Row(suffix: "/%ZZ", keptUnparsed: false),
        Row(suffix: "/a b", keptUnparsed: false),
        Row(suffix: "/a#b", keptUnparsed: false),
        Row(suffix: "/[x]", keptUnparsed: false),
        Row(suffix: "/{x}", keptUnparsed: false),
        Row(suffix: "/é", keptUnparsed: false),
        Row(suffix: "/a\"b", keptUnparsed: false),
        Row(suffix: "/a\\b", keptUnparsed: false),
        // Text that does not start a path or query (after a prefix of only an origin it would extend the port or host).
        Row(suffix: ":99999/x", keptUnparsed: false),
        Row(suffix: "x.example.net/", keptUnparsed: false),
    ]

    @Test("the rule for text after a checked prefix", arguments: rows)
    func rule(_ row: Row) throws {
        let text = Self.prefix + row.suffix
        let location = RequestURL(unparsed: Array(text.utf8), afterCheckedPrefix: Self.prefix.utf8.count)
        #expect((location != nil) == row.keptUnparsed)
        if let location {
            #expect(location.string == text)
            #expect(location.url.absoluteString == text)
        }
    }

    @Test("every byte the rule accepts after the prefix is one URL(string:) parses and keeps exactly")
    func everyAcceptedByteIsKept() {
        var accepted = 0
        for byte in UInt8(0)...UInt8(127) {
            let text = Self.prefix + "/a" + String(UnicodeScalar(byte)) + "b"
            guard let location = RequestURL(unparsed: Array(text.utf8), afterCheckedPrefix: Self.prefix.utf8.count) else { continue }
            accepted += 1
            #expect(URL(string: text)?.absoluteString == text, "byte \(byte)")
            #expect(location.url.absoluteString == text)
        }
        // The unreserved characters (66), the sub-delimiters (11), ':', '@', '/' and '?'.
        #expect(accepted == 81)
    }

    @Test("a prefix counts as checked only when URL(string:) keeps it", arguments: [
        ("https://api.example.com/v1", true), ("http://[::1]:8080/api", true), ("https://api.example.com/a b", false),
    ])
    func prefixCheck(_ prefix: String, _ kept: Bool) {
        #expect(RequestURL.keepsExactly(prefix) == kept)
    }

    @Test("a request built from an endpoint keeps the URL text; url parses it, and setting url replaces it")
    func requestURL() throws {
        var request = try HTTPRequest(EndpointBuilder.get("/users/\("a b")").query(["q": "x y"]), baseURL: URL(string: Self.prefix)!)
        #expect(request.location.string == "https://api.example.com/v1/users/a%20b?q=x%20y")
        #expect(request.url.absoluteString == "https://api.example.com/v1/users/a%20b?q=x%20y")
        let copy = request
        request.url = URL(string: "http://localhost:9/other")!
        #expect(request.location.string == "http://localhost:9/other")
        #expect(copy.url.absoluteString == "https://api.example.com/v1/users/a%20b?q=x%20y")
    }

    @Test("StubTransport's scripted response carries the request's URL, read through the response")
    func responseURL() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 200)])
        let client = NetworkClient(baseURL: URL(string: Self.prefix)!, configuration: .init(transport: stub))
        let response = try await client.response(EndpointBuilder.get("/users/\(7)").decoding(EmptyResponse.self))
        #expect(response.url?.absoluteString == "https://api.example.com/v1/users/7")
    }
}
