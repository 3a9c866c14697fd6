import Foundation
import Testing
import CourierTesting

@Suite("RecordedRequest and MockHeaders")
struct RecordedRequestTests {
    struct TargetRow: Sendable, CustomTestStringConvertible {
        let target: String
        let path: String
        let rawPath: String
        let query: String?
        let items: [URLQueryItem]
        var testDescription: String { target }
    }

    static let targets: [TargetRow] = [
        TargetRow(target: "/", path: "/", rawPath: "/", query: nil, items: []),
        TargetRow(target: "/a%20b/c%2Fd", path: "/a b/c/d", rawPath: "/a%20b/c%2Fd", query: nil, items: []),
        TargetRow(target: "/s?q=a%20b&q=c+d&empty=&flag", path: "/s", rawPath: "/s", query: "q=a%20b&q=c+d&empty=&flag",
                  items: [URLQueryItem(name: "q", value: "a b"), URLQueryItem(name: "q", value: "c+d"),
                          URLQueryItem(name: "empty", value: ""), URLQueryItem(name: "flag", value: nil)]),
        TargetRow(target: "/x?tags%5B0%5D=a", path: "/x", rawPath: "/x", query: "tags%5B0%5D=a",
                  items: [URLQueryItem(name: "tags[0]", value: "a")]),
        TargetRow(target: "/bad%zz", path: "/bad%zz", rawPath: "/bad%zz", query: nil, items: []),
        TargetRow(target: "http://example.com:8080/abs/p?x=1", path: "/abs/p", rawPath: "/abs/p", query: "x=1",
                  items: [URLQueryItem(name: "x", value: "1")]),
        TargetRow(target: "http://example.com", path: "/", rawPath: "/", query: nil, items: []),
        TargetRow(target: "*", path: "*", rawPath: "*", query: nil, items: []),
        TargetRow(target: "/?", path: "/", rawPath: "/", query: "", items: []),
    ]

    @Test(arguments: targets)
    func targetIsSplitAndDecoded(_ row: TargetRow) {
        let request = RecordedRequest(method: "GET", target: row.target)
        #expect(request.path == row.path)
        #expect(request.rawPath == row.rawPath)
        #expect(request.query == row.query)
        #expect(request.queryItems == row.items)
    }

    @Test func headersKeepOrderAndLookUpCaseInsensitively() {
        var headers: MockHeaders = ["Content-Type": "text/plain", "Set-Cookie": "a=1"]
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(headers.map(\.name) == ["Content-Type", "Set-Cookie", "set-cookie"])
        headers["Set-Cookie"] = "c=3"
        #expect(headers.map(\.value) == ["text/plain", "c=3"])
        headers.remove(name: "CONTENT-TYPE")
        #expect(headers.count == 1)
        #expect(!headers.contains("content-type"))
    }

    @Test func bodyHelpers() throws {
        let request = RecordedRequest(method: "POST", target: "/", body: Data(#"{"n":1}"#.utf8), bodySize: 100)
        struct N: Decodable { var n: Int }
        #expect(request.bodyText == #"{"n":1}"#)
        #expect(try request.decodeBody(N.self).n == 1)
        #expect(request.isBodyTruncated)
    }

    @Test func generatedBytesFollowThePattern() {
        let bytes = MockResponse.generatedBytes(offset: 249, count: 4)
        #expect(Array(bytes) == [249, 250, 0, 1])
        #expect(MockResponse.generatedBytes(offset: 502, count: 1) == Data([0]))
    }
}
