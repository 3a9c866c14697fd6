@testable import Courier
import CourierTesting
import Foundation
import Testing

/// One `Set-Cookie` field is one cookie (RFC 6265bis §5.6), over a real loopback socket: only where a transport
/// joins repeated fields (URLSession) are they split again. A field the jar refuses does not fail the request.
extension CookieIntegrationTests {
    @Test(arguments: TransportKind.available) func aCommaInOneFieldDoesNotStartASecondCookie(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 200).header("Set-Cookie", "z=y, a=b; Path=/"))
        _ = try await client(transport, baseURL: server.url("/")).response(Call(path: "/").decoding(Data.self))
        let stored = jar.cookies(for: server.url("/")).map { "\($0.name)=\($0.value)" }
        switch transport {
        case .socket: #expect(stored == ["z=y, a=b"])
        // URLSession hands over repeated fields joined with ", ", so a comma before `token=` must separate two.
        case .urlSession: #expect(stored == ["z=y", "a=b"])
        }
    }

    @Test(arguments: TransportKind.available) func repeatedFieldsAreSeparateCookies(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        var headers = MockHeaders()
        headers.add(name: "Set-Cookie", value: "a=1; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Path=/")
        headers.add(name: "Set-Cookie", value: "b=x,y; Path=/")
        server.enqueue(MockResponse(status: 200, headers: headers))
        _ = try await client(transport, baseURL: server.url("/")).response(Call(path: "/").decoding(Data.self))
        #expect(jar.cookies(for: server.url("/")).map { "\($0.name)=\($0.value)" } == ["a=1", "b=x,y"])
    }

    /// A response whose first `Set-Cookie` field holds the control byte `control`, and a good one after it.
    static func response(withControl control: UInt8) -> MockResponse {
        let head = Data("HTTP/1.1 200 OK\r\nSet-Cookie: bad=1".utf8) + [control] + Data("2; Path=/\r\nSet-Cookie: good=1; Path=/\r\n".utf8)
        return .raw(head + Data("Content-Length: 2\r\n\r\nok".utf8))
    }

    /// A `Set-Cookie` field with a control character is ignored (§5.6 step 1); the response and its other cookies
    /// are kept. Over URLSession: a NUL is refused by libcurl itself ("Nul byte in header"), below Courier.
    @Test(arguments: [UInt8(0x0D), 0x07, 0x1F])
    func aFieldWithAControlCharacterIsIgnored(_ control: UInt8) async throws {
        defer { server.shutdown() }
        server.enqueue(Self.response(withControl: control))
        let response = try await client(.urlSession, baseURL: server.url("/")).response(Call(path: "/").decoding(Data.self))
        #expect(response.value == Data("ok".utf8))
        #expect(jar.cookies(for: server.url("/")).map(\.name) == ["good"])
    }

    #if os(Linux)
    /// The same over SocketTransport, NUL included: its HTTP/1 parser drops a `Set-Cookie` field holding NUL, a bare
    /// CR or another control byte and keeps the response (any other field with one still fails the response).
    @Test(arguments: [UInt8(0x00), 0x0D, 0x07])
    func overSocketTransportTheFieldIsIgnoredToo(_ control: UInt8) async throws {
        defer { server.shutdown() }
        server.enqueue(Self.response(withControl: control))
        let response = try await client(.socket, baseURL: server.url("/")).response(Call(path: "/").decoding(Data.self))
        #expect(response.value == Data("ok".utf8))
        #expect(jar.cookies(for: server.url("/")).map(\.name) == ["good"])
    }
    #endif

    @Test func theJarParsesEachFieldItIsGivenAsOneCookie() {
        let url = URL(string: "https://example.com/")!
        var headers = HTTPHeaders()
        headers.add(name: "Set-Cookie", value: "z=y, a=b")
        headers.add(name: "Set-Cookie", value: "c=1; Expires=Wed, 21 Oct 2099 07:28:00 GMT")
        let results = jar.receive(headers, from: url, now: Date())
        #expect(results.map { (try? $0.get())?.name } == ["z", "c"])
        #expect(jar.cookieHeader(for: url, now: Date()) == "z=y, a=b; c=1")
    }
}
