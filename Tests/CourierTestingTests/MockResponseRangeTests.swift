import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import CourierTesting

/// `MockResponse.ranged` served over loopback from `Data` whose indices do not start at 0.
@Suite("MockResponse.ranged", .loopback)
struct MockResponseRangeTests {
    /// Found in the doc audit: the range was cut by index from 0, so a slice of larger data trapped (a range
    /// before its start index) or served the wrong bytes.
    @Test(arguments: [
        ("bytes=0-1", "bytes 0-1/10", "01"), ("bytes=4-5", "bytes 4-5/10", "45"), ("bytes=-2", "bytes 8-9/10", "89"),
        ("bytes=7-", "bytes 7-9/10", "789"),
    ])
    func aSliceIsServedByOffset(range: String, contentRange: String, body: String) async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        let slice = Data("xx0123456789yy".utf8).dropFirst(2).dropLast(2)
        server.dispatcher = { MockResponse.ranged(slice, for: $0, etag: "\"v1\"") }
        var request = URLRequest(url: server.url("/file"))
        request.setValue(range, forHTTPHeaderField: "Range")
        let (data, response) = try await HTTPClient.send(request, session: HTTPClient.session())
        #expect(response.statusCode == 206)
        #expect(response.value(forHTTPHeaderField: "Content-Range") == contentRange)
        #expect(String(decoding: data, as: UTF8.self) == body)
        let (whole, _) = try await HTTPClient.get(server.url("/file"), session: HTTPClient.session())
        #expect(whole == Data("0123456789".utf8))
    }
}
