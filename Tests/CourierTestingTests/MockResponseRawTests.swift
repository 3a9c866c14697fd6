import Foundation
import Testing
import TestSupport
import CourierTesting

/// `MockResponse.raw`: scripted bytes written verbatim, seen from a raw socket client.
@Suite("MockResponse.raw", .loopback)
struct MockResponseRawTests {
    static let bytes = Data("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nab\0\r".utf8)
    static let request = "GET / HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test("the bytes arrive exactly, then the connection closes")
    func exactBytes() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.raw(Self.bytes))
        let (data, end) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send(Self.request)
            return client.readToEnd()
        }
        #expect(data == Self.bytes)
        #expect(end == .closed)
        #expect(try await server.takeRequest(timeout: .seconds(5)).method == "GET")
    }

    @Test("an event stream's status line carries its status's reason phrase")
    func eventStreamReasonPhrase() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.eventStream(["data: x\n\n"], status: 503))
        let (data, _) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send(Self.request)
            return client.readToEnd()
        }
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/event-stream\r\n"))
        #expect(text.hasSuffix("\r\n\r\ndata: x\n\n"))
    }

    @Test("pieces arrive in order, each on its own, and the connection closes after the last")
    func pieces() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let pieces = ["HTTP/1.1 200 OK\r\n", "Content-Length: 5\r\n\r\n", "hel", "lo"].map { Data($0.utf8) }
        server.enqueue(.raw(pieces, pause: .milliseconds(5)))
        let (data, end) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send(Self.request)
            return client.readToEnd()
        }
        #expect(data == pieces.reduce(Data(), +))
        #expect(end == .closed)
    }

    @Test("a slow server: the next piece waits for the pause")
    func slowServer() async throws {
        let server = MockWebServer()
        let first = Data("HTTP/1.1 200 OK\r\n".utf8)
        server.enqueue(.raw([first, Data("Content-Length: 0\r\n\r\n".utf8)], pause: .seconds(600)))
        let (received, quiet, end) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send(Self.request)
            let received = client.read(count: first.count).data
            // The pause is ten minutes: nothing more can arrive in this short look.
            var quiet: RawClient.ReadEnd? = nil
            if case .end(let end) = client.readSome(timeout: 0.2) { quiet = end }
            server.shutdown()  // wakes the pause: the server stops without sending the rest
            return (received, quiet, client.readToEnd().end)
        }
        #expect(received == first)
        #expect(quiet == .timedOut)
        #expect(end != .timedOut)
    }

    @Test("keep-alive: the connection serves the next request")
    func keepAlive() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let bytes = Data("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nraw".utf8)
        server.enqueue(MockResponse.raw(bytes).socketPolicy(.keepAlive))
        server.enqueue(.text("next"))
        let (first, second) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send(Self.request)
            let first = try client.readResponse()
            client.send(Self.request)
            return (first.text, try client.readResponse().text)
        }
        #expect(first == "raw")
        #expect(second == "next")
    }

    @Test("cut after some of the bytes: closed or reset", arguments: [
        (MockResponse.SocketPolicy.disconnectDuringBody(afterBytes: 20), RawClient.ReadEnd.closed),
        (.resetDuringBody(afterBytes: 20), .reset),
    ])
    func cutOff(_ policy: MockResponse.SocketPolicy, _ expectedEnd: RawClient.ReadEnd) async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let pieces = [Self.bytes.prefix(10), Self.bytes.dropFirst(10)].map { Data($0) }
        server.enqueue(MockResponse.raw(pieces, pause: .zero).socketPolicy(policy))
        let (data, end) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send(Self.request)
            return client.readToEnd()
        }
        #expect(data == Self.bytes.prefix(20))
        #expect(end == expectedEnd)
    }
}
