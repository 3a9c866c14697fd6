import Courier
import Foundation

/// A scripted response: status, headers, body, how the body is framed, and optional faults.
///
/// ```swift
/// server.enqueue(MockResponse(status: 200, body: "hello"))
/// server.enqueue(try .json(User(id: 7)))
/// server.enqueue(.generated(byteCount: 4 << 30).throttled(bytes: 64 * 1024, every: .milliseconds(10)))
/// server.enqueue(MockResponse(body: "partial").socketPolicy(.disconnectDuringBody(afterBytes: 3)))
/// ```
public struct MockResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The reason phrase; nil uses the standard one for `status` (e.g. "Not Found").
    public var reason: String?
    /// Headers sent as given. `Content-Length`, `Transfer-Encoding` and `Connection` are added automatically
    /// from `body`, `transfer` and `socketPolicy` unless set here — set `Content-Length` yourself to lie.
    public var headers: MockHeaders
    /// The body.
    public var body: Body
    /// How the body is framed on the wire.
    public var transfer: Transfer
    /// Wait this long after the request was read before sending anything.
    public var headersDelay: Duration
    /// Wait this long after the headers before sending the body.
    public var bodyDelay: Duration
    /// Send the body in slices of `bytes`, pausing `interval` after each.
    public var throttle: Throttle?
    /// What happens to the connection: keep it, close it, cut it, reset it, or never answer.
    public var socketPolicy: SocketPolicy
    /// Replaces the status line with this raw text (no CRLF) to script a malformed response.
    public var rawStatusLine: String?
    /// Bytes sent verbatim instead of a status line, headers and body (see `raw(_:)`); nil for a normal response.
    public var raw: Raw?
    /// The WebSocket script run after a `101` answer (see `webSocket(_:)`); nil for a plain response.
    public var webSocket: MockWebSocket?
    /// An HTTP/2 fault scripted for the stream this response answers (see `http2Fault(_:)`); ignored over
    /// HTTP/1.1.
    public var http2Fault: HTTP2Fault?

    /// Creates a response; every fault is off.
    public init(status: Int = 200, reason: String? = nil, headers: MockHeaders = [:], body: Body = .empty) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.transfer = .contentLength
        self.headersDelay = .zero
        self.bodyDelay = .zero
        self.throttle = nil
        self.socketPolicy = .keepAlive
        self.rawStatusLine = nil
    }

    /// The response body.
    public enum Body: Sendable, ExpressibleByStringLiteral {
        /// No body.
        case empty
        /// Bytes in memory.
        case data(Data)
        /// A file read from disk in slices while sending (never loaded whole).
        case file(URL)
        /// `byteCount` bytes generated while sending, never held in memory: the byte at offset `i` is
        /// `UInt8(i % 251)` (see `MockResponse.generatedBytes(offset:count:)`). For huge downloads.
        case generated(byteCount: Int64)

        /// A UTF-8 text body.
        public init(stringLiteral value: String) {
            self = .data(Data(value.utf8))
        }
    }

    /// How the body is framed.
    public enum Transfer: Sendable, Hashable {
        /// `Content-Length` header, then the body.
        case contentLength
        /// `Transfer-Encoding: chunked` with chunks of at most `maxChunkSize` bytes.
        case chunked(maxChunkSize: Int)
        /// No length at all: the body ends when the server closes the connection (HTTP/1.0 style).
        case untilClose

        /// Chunked with 16 KiB chunks.
        public static let chunked = Transfer.chunked(maxChunkSize: 16 * 1024)
    }

    /// Scripted bytes: written exactly as given, in pieces with a pause between them.
    public struct Raw: Sendable, Hashable {
        /// The pieces, written one after another (each flushed to the socket on its own).
        public var pieces: [Data]
        /// The pause after each piece but the last.
        public var pause: Duration

        /// Creates scripted bytes.
        public init(pieces: [Data], pause: Duration = .zero) {
            self.pieces = pieces
            self.pause = pause
        }
    }

    /// Bandwidth limit for the body.
    public struct Throttle: Sendable, Hashable {
        /// Bytes sent per slice (at least 1: a smaller value, in `init` or set later, is raised to 1).
        public var bytes: Int {
            didSet { if bytes < 1 { bytes = 1 } }
        }
        /// Pause after each slice.
        public var interval: Duration

        /// Creates a throttle of `bytes` per `interval`.
        public init(bytes: Int, every interval: Duration) {
            self.bytes = max(1, bytes)
            self.interval = interval
        }
    }

    /// What the server does with the connection around this response (the faults a client must survive).
    public enum SocketPolicy: Sendable, Hashable {
        /// Answer normally and keep the connection for the next request (unless the client asked to close).
        case keepAlive
        /// Answer with `Connection: close`, then close.
        case closeAfterResponse
        /// Read the request, then close without answering (clients see an empty reply / connection lost).
        case disconnectAfterRequest
        /// Send the status line and headers, then close (clients see a truncated body / connection lost).
        case disconnectAfterHeaders
        /// Send `afterBytes` body bytes of the announced length, then close (truncated body).
        case disconnectDuringBody(afterBytes: Int64)
        /// Read the request, then reset the connection (TCP RST via SO_LINGER 0) without answering.
        case reset
        /// Send the headers and `afterBytes` body bytes, then reset the connection.
        case resetDuringBody(afterBytes: Int64)
        /// Read the request and never answer; the connection stays open and silent until the client gives
        /// up (times out and closes) or the server shuts down.
        case noResponse
    }

    // MARK: Building responses

    /// A UTF-8 text response (`Content-Type: text/plain; charset=utf-8` unless `contentType` says otherwise).
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": contentType], body: .data(Data(text.utf8)))
    }

    /// A response with `data` as its body.
    public static func data(_ data: Data, status: Int = 200, contentType: String = "application/octet-stream") -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": contentType], body: .data(data))
    }

    /// A JSON response encoding `value` (`Content-Type: application/json`).
    public static func json<Value: Encodable>(_ value: Value, status: Int = 200, encoder: JSONEncoder = JSONEncoder()) throws -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": "application/json"], body: .data(try encoder.encode(value)))
    }

    /// A JSON response from literal JSON text.
    public static func json(_ jsonText: String, status: Int = 200) -> MockResponse {
        text(jsonText, status: status, contentType: "application/json")
    }

    /// A response streaming the file at `url` from disk.
    public static func file(_ url: URL, status: Int = 200, contentType: String = "application/octet-stream") -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": contentType], body: .file(url))
    }

    /// A response of `byteCount` generated bytes (see `Body.generated`), for downloads of any size.
    public static func generated(byteCount: Int64, status: Int = 200) -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": "application/octet-stream"], body: .generated(byteCount: byteCount))
    }

    /// A response whose status line is `line` verbatim, e.g. `"HTTP/1.1 abc"` or `"HTCPCP/1.0 418"`.
    public static func malformedStatusLine(_ line: String = "HTTP/1.1 two hundred OK") -> MockResponse {
        var response = MockResponse(body: "malformed")
        response.rawStatusLine = line
        return response
    }

    /// A response of exactly `bytes`: the server writes no status line or headers of its own, only these bytes
    /// (for a client's fault tests: bad framing, a truncated chunk, bytes after the end, …).
    ///
    /// Since the server cannot know where the bytes' framing ends, the socket policy is `.closeAfterResponse`:
    /// the connection is closed after writing. Set another policy to change that: `.keepAlive` keeps it open
    /// for the next request, `.disconnectDuringBody(afterBytes:)` / `.resetDuringBody(afterBytes:)` close or
    /// reset it after that many of the bytes, and `.disconnectAfterRequest`, `.reset` and `.noResponse` send
    /// nothing at all, as for any response. `headersDelay` applies before the first byte; the other fields
    /// (headers, body, transfer, throttle) are not used.
    ///
    /// ```swift
    /// server.enqueue(.raw(Data("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nab".utf8)))
    /// ```
    public static func raw(_ bytes: Data) -> MockResponse {
        raw([bytes], pause: .zero)
    }

    /// A slow server: writes `pieces` one after another, each flushed, pausing `pause` between them; otherwise
    /// as `raw(_:)` (closes the connection after the last piece unless `socketPolicy` says otherwise).
    ///
    /// ```swift
    /// server.enqueue(.raw([Data("HTTP/1.1 200 OK\r\n".utf8), Data("Content-Length: 0\r\n\r\n".utf8)], pause: .seconds(5)))
    /// ```
    public static func raw(_ pieces: [Data], pause: Duration) -> MockResponse {
        var response = MockResponse().socketPolicy(.closeAfterResponse)
        response.raw = Raw(pieces: pieces, pause: pause)
        return response
    }

    /// A response that is never sent: the connection stays open and silent (`SocketPolicy.noResponse`).
    public static var noResponse: MockResponse {
        MockResponse().socketPolicy(.noResponse)
    }

    /// The bytes `Body.generated` sends from `offset`, for comparing what a client received.
    public static func generatedBytes(offset: Int64 = 0, count: Int) -> Data {
        var data = Data(count: max(0, count))
        var value = Int((offset % 251 + 251) % 251)  // a negative offset continues the pattern backwards
        for index in 0..<data.count {
            data[index] = UInt8(value)
            value = value == 250 ? 0 : value + 1
        }
        return data
    }

    // MARK: Modifiers (each returns a changed copy)

    /// Adds a header field.
    public func header(_ name: String, _ value: String) -> MockResponse {
        var copy = self
        copy.headers.add(name: name, value: value)
        return copy
    }

    /// Frames the body with `Transfer-Encoding: chunked`.
    public func chunked(maxChunkSize: Int = 16 * 1024) -> MockResponse {
        var copy = self
        copy.transfer = .chunked(maxChunkSize: max(1, maxChunkSize))
        return copy
    }

    /// Waits `delay` before sending the status line (a slow server; a client with a shorter timeout times out).
    public func delayingHeaders(by delay: Duration) -> MockResponse {
        var copy = self
        copy.headersDelay = delay
        return copy
    }

    /// Waits `delay` between the headers and the body.
    public func delayingBody(by delay: Duration) -> MockResponse {
        var copy = self
        copy.bodyDelay = delay
        return copy
    }

    /// Sends the body `bytes` at a time with a pause of `interval` after each slice.
    public func throttled(bytes: Int, every interval: Duration) -> MockResponse {
        var copy = self
        copy.throttle = Throttle(bytes: bytes, every: interval)
        return copy
    }

    /// Sets what happens to the connection (see `SocketPolicy`).
    public func socketPolicy(_ policy: SocketPolicy) -> MockResponse {
        var copy = self
        copy.socketPolicy = policy
        return copy
    }
}
