import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// `Configuration.maximumLineSize` over a real socket: a server whose line (or event) never ends gets a typed
/// `.responseTooLarge` once it passes the limit, from `lines`, `response.body.lines` and `events` alike, instead of
/// a buffer that grows with everything it sends.
@Suite(.loopback) struct StreamLineLimitTests {
    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    func client(_ transport: TransportKind, maximumLineSize: Int?) -> NetworkClient {
        NetworkClient(baseURL: server.baseURL, configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: .never, maximumLineSize: maximumLineSize, transport: transport.make()))
    }

    /// 256 KiB in 16 KiB pieces, none of them a line end.
    static let endlessLine = Array(repeating: String(repeating: "x", count: 16 << 10), count: 16)

    /// The failure a loop over a line or event past `limit` bytes must throw.
    static func tooLarge(_ what: String, limit: Int) -> NetworkError {
        .transport(TransportFailure(kind: .responseTooLarge, message: "\(what) exceeds the limit of \(limit) bytes (maximumLineSize)"))
    }

    struct Item: Decodable, Sendable {
        let id: Int
    }

    @Test(arguments: TransportKind.available)
    func jsonLinesThrowOnALineOverTheLimit(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nConnection: close\r\n\r\n{\"id\":1}\n{\"id\":"
        server.enqueue(.raw(([head] + Self.endlessLine).map { Data($0.utf8) }, pause: .zero))
        var ids: [Int] = []
        await #expect(throws: Self.tooLarge("a line", limit: 4096)) {
            for try await item in client(transport, maximumLineSize: 4096).lines(.get("/items"), decoding: Item.self) { ids.append(item.id) }
        }
        #expect(ids == [1])
    }

    @Test(arguments: TransportKind.available)
    func bodyLinesTakeTheirOwnLimitAndNoneReadsTheWholeLine(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nfirst\r\n"
        for _ in 0..<2 { server.enqueue(.raw(([head] + Self.endlessLine).map { Data($0.utf8) }, pause: .zero)) }
        let client = client(transport, maximumLineSize: nil)
        var lines: [String] = []
        await #expect(throws: Self.tooLarge("a line", limit: 1000)) {
            for try await line in try await client.stream(.get("/tail")).body.lines(maximumLineSize: 1000) { lines.append(line) }
        }
        #expect(lines == ["first"])
        lines = []
        for try await line in try await client.stream(.get("/tail")).body.lines(maximumLineSize: nil) { lines.append(line) }
        #expect(lines.map(\.utf8.count) == [5, 256 << 10])
    }

    @Test(arguments: TransportKind.available)
    func eventsThrowOnALineOrAnEventOverTheLimit(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(.eventStream(["data: one\n\ndata: "] + Self.endlessLine))
        // Short lines, one event: its data grows past the limit without any one line doing so.
        server.enqueue(.eventStream(["data: two\n\n"] + Array(repeating: "data: " + String(repeating: "y", count: 1000) + "\n", count: 64)))
        let client = client(transport, maximumLineSize: 8192)
        for (path, what, first) in [("/a", "a line", "one"), ("/b", "an event's data", "two")] {
            var received: [String] = []
            await #expect(throws: Self.tooLarge(what, limit: 8192)) {
                for try await event in client.events(.get(EndpointPath(path))) { received.append(event.data) }
            }
            #expect(received == [first])
        }
        #expect(server.requestCount == 2)
    }
}
