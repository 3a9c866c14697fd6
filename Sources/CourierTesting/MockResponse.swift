import Courier
import Foundation

/// A scripted response: status, headers, body, how the body is framed, and optional faults.
///
/// Each test enqueues the exact answers it needs, in order, so a client's behaviour can be checked against
/// real bytes on a real socket, including answers no well-behaved server would send (a lying
/// `Content-Length`, a connection cut mid-body, a reset). Build one with an initializer or a static factory,
/// then change it with the modifiers, which each return a changed copy so a base response can be reused.
///
/// ```swift
/// server.enqueue(MockResponse(status: 200, body: "hello"))
/// server.enqueue(try .json(User(id: 7)))
/// server.enqueue(.generated(byteCount: 4 << 30).throttled(bytes: 64 * 1024, every: .milliseconds(10)))
/// server.enqueue(MockResponse(body: "partial").socketPolicy(.disconnectDuringBody(afterBytes: 3)))
/// ```
public struct MockResponse: Sendable {
    /// The status code; 200 by default. A 1xx, 204 or 304 status (and any answer to `HEAD`) is sent without
    /// a body, as HTTP requires, whatever `body` holds.
    public var status: Int
    /// The reason phrase; nil uses the standard one for `status` (e.g. "Not Found", or `Status 799` for a code
    /// without one). Set it to check that a client ignores the phrase, as HTTP/1.1 allows any text there; HTTP/2
    /// has no reason phrase, so it is not sent there.
    public var reason: String?
    /// Headers sent as given, in order. `Content-Length`, `Transfer-Encoding` and `Connection` are added
    /// from `body`, `transfer` and `socketPolicy` unless set here, so a test that sets one itself can send a
    /// value that lies (a `Content-Length` longer than the body tests a client's truncation check).
    public var headers: MockHeaders
    /// The body; empty by default. Choose the ``Body`` case by size: `.data` for small bodies, `.file` or
    /// `.generated` for large ones, which are sent in slices and never held in memory whole.
    public var body: Body
    /// How the body is framed on the wire; `.contentLength` by default, the framing most servers use. Change
    /// it to test a client's chunked decoding or its reading of a body that ends with the connection.
    public var transfer: Transfer
    /// Wait this long after the request was read before sending anything (zero by default): a slow server, to
    /// test a client's request timeout. The wait ends early when the server shuts down.
    public var headersDelay: Duration
    /// Wait this long after the headers before sending the body (zero by default), to test that a client's
    /// timeout also covers a body that is slow to start, not only the wait for headers.
    public var bodyDelay: Duration
    /// Send the body in slices of `bytes`, pausing `interval` after each; nil (no limit) by default. Use it to
    /// observe progress reporting and cancellation while a download is under way.
    public var throttle: Throttle?
    /// What happens to the connection: keep it, close it, cut it, reset it, or never answer. `.keepAlive` by
    /// default, as a normal server behaves; the other policies script the network failures a client must
    /// survive (see ``SocketPolicy``).
    public var socketPolicy: SocketPolicy
    /// Replaces the status line with this raw text (no CRLF) to script a malformed response, so a test can
    /// check that the client reports a typed error instead of crashing or guessing. Over HTTP/2 the text is sent
    /// as the `:status` value. nil (a normal status line) by default.
    public var rawStatusLine: String?
    /// Bytes sent verbatim instead of a status line, headers and body (see `raw(_:)`), for framing faults the
    /// other fields cannot express; nil for a normal response.
    public var raw: Raw?
    /// The WebSocket script run after a `101` answer (see `webSocket(_:)`), which lets a test talk to a
    /// client's WebSocket over the same server as its HTTP calls; nil for a plain response.
    public var webSocket: MockWebSocket?
    /// An HTTP/2 fault scripted for the stream this response answers (see `http2Fault(_:)`); ignored over
    /// HTTP/1.1, so one script can run against both protocols.
    public var http2Fault: HTTP2Fault?

    /// Creates a response; every fault is off, the body is framed with `Content-Length` and the connection is
    /// kept alive, so a plain `MockResponse()` behaves like a well-behaved server's empty `200 OK`.
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

    /// The response body, by where its bytes come from; the choice sets the memory a test costs.
    public enum Body: Sendable, ExpressibleByStringLiteral {
        /// No body (`Content-Length: 0`).
        case empty
        /// Bytes in memory: the simplest choice for bodies of ordinary size.
        case data(Data)
        /// A file read from disk in slices while sending (never loaded whole), for large fixtures. If the file
        /// cannot be opened, the server answers `500` with the reason in the body and closes the connection, so
        /// the test fails visibly.
        case file(URL)
        /// `byteCount` bytes generated while sending, never held in memory: the byte at offset `i` is
        /// `UInt8(i % 251)` (see `MockResponse.generatedBytes(offset:count:)`). For downloads of gigabytes
        /// without a fixture file; the prime period makes a dropped or repeated slice show up as a mismatch.
        /// A negative count sends no bytes.
        case generated(byteCount: Int64)

        /// A UTF-8 text body, so a string literal can stand for a body (`MockResponse(body: "hello")`).
        public init(stringLiteral value: String) {
            self = .data(Data(value.utf8))
        }
    }

    /// How the body is framed: each framing has its own client code path, and a test picks the one it checks.
    public enum Transfer: Sendable, Hashable {
        /// `Content-Length` header, then the body: the default, and what most servers send.
        case contentLength
        /// `Transfer-Encoding: chunked` with chunks of at most `maxChunkSize` bytes (a value below 1 is taken
        /// as 1), as servers send bodies of unknown length. Over HTTP/2 no `Content-Length` is sent and the
        /// body goes in DATA frames of at most that size.
        case chunked(maxChunkSize: Int)
        /// No length at all: the body ends when the server closes the connection (HTTP/1.0 style), to test
        /// that a client reads to the end instead of waiting for a length; the connection is always closed.
        case untilClose

        /// Chunked with 16 KiB chunks, a size that splits typical bodies into several chunks.
        public static let chunked = Transfer.chunked(maxChunkSize: 16 * 1024)
    }

    /// Scripted bytes: written exactly as given, in pieces with a pause between them, for responses that
    /// break HTTP's framing in a way the other fields cannot script.
    public struct Raw: Sendable, Hashable {
        /// The pieces, written one after another (each flushed to the socket on its own), so a client sees
        /// them in separate reads, as it would from a slow or fragmenting network.
        public var pieces: [Data]
        /// The pause after each piece but the last; zero by default.
        public var pause: Duration

        /// Creates scripted bytes; with the default zero `pause` the pieces follow each other at once.
        public init(pieces: [Data], pause: Duration = .zero) {
            self.pieces = pieces
            self.pause = pause
        }
    }

    /// Bandwidth limit for the body, to make a download last long enough to observe progress, cancel it, or
    /// hit a timeout.
    public struct Throttle: Sendable, Hashable {
        /// Bytes sent per slice (at least 1: a smaller value, in `init` or set later, is raised to 1, so a
        /// throttle always makes progress).
        public var bytes: Int {
            didSet { if bytes < 1 { bytes = 1 } }
        }
        /// Pause after each slice; `bytes` per `interval` is the rate.
        public var interval: Duration

        /// Creates a throttle of `bytes` per `interval`; a `bytes` below 1 is raised to 1.
        public init(bytes: Int, every interval: Duration) {
            self.bytes = max(1, bytes)
            self.interval = interval
        }
    }

    /// What the server does with the connection around this response (the faults a client must survive).
    ///
    /// Each fault lets a test check one failure path of a client: that it reports the error with its type
    /// instead of hanging, that it retries only what is safe to retry, and that it does not put a broken
    /// connection back in its pool.
    public enum SocketPolicy: Sendable, Hashable {
        /// Answer normally and keep the connection for the next request (unless the client asked to close):
        /// the default, a well-behaved server.
        case keepAlive
        /// Answer with `Connection: close`, then close, to test that a client opens a new connection for its
        /// next request instead of reusing a closed one.
        case closeAfterResponse
        /// Read the request, then close without answering (clients see an empty reply / connection lost):
        /// the case of a stale keep-alive connection, which a client may retry only for an idempotent request.
        case disconnectAfterRequest
        /// Send the status line and headers, then close (clients see a truncated body / connection lost), to
        /// catch a client that reports success with an empty body.
        case disconnectAfterHeaders
        /// Send `afterBytes` body bytes of the announced length, then close (truncated body), to catch a
        /// client that accepts a short body as complete. A cut beyond the body's end sends the whole body,
        /// then closes.
        case disconnectDuringBody(afterBytes: Int64)
        /// Read the request, then reset the connection (TCP RST via SO_LINGER 0) without answering, which a
        /// client sees as a different error from an orderly close (connection reset by peer).
        case reset
        /// Send the headers and `afterBytes` body bytes, then reset the connection: a network failure in the
        /// middle of a download, to test that a client reports it and drops the connection.
        case resetDuringBody(afterBytes: Int64)
        /// Read the request and never answer; the connection stays open and silent until the client gives
        /// up (times out and closes) or the server shuts down. It tests that a client's timeout fires and
        /// that cancelling a request does not wait for an answer.
        case noResponse
    }

    // MARK: Building responses

    /// A UTF-8 text response (`Content-Type: text/plain; charset=utf-8` unless `contentType` says otherwise).
    ///
    /// - Parameters:
    ///   - text: The body, sent as UTF-8.
    ///   - status: The status code; 200 by default.
    ///   - contentType: The `Content-Type` header value.
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": contentType], body: .data(Data(text.utf8)))
    }

    /// A response with `data` as its body; `Content-Type: application/octet-stream` unless `contentType` says
    /// otherwise, the type for bytes of no particular format.
    public static func data(_ data: Data, status: Int = 200, contentType: String = "application/octet-stream") -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": contentType], body: .data(data))
    }

    /// A JSON response encoding `value` (`Content-Type: application/json`), so a test's fixture is the same
    /// model type the client decodes.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - status: The status code; 200 by default.
    ///   - encoder: The encoder; pass one configured like the server's (dates, key strategy) when it matters.
    /// - Throws: The `EncodingError` of `encoder` when `value` cannot be encoded.
    public static func json<Value: Encodable>(_ value: Value, status: Int = 200, encoder: JSONEncoder = JSONEncoder()) throws -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": "application/json"], body: .data(try encoder.encode(value)))
    }

    /// A JSON response from literal JSON text, sent as written: use it for JSON no `Encodable` type produces
    /// (a missing field, a number as a string) to test a client's tolerant or failing decoding.
    public static func json(_ jsonText: String, status: Int = 200) -> MockResponse {
        text(jsonText, status: status, contentType: "application/json")
    }

    /// A response streaming the file at `url` from disk in slices, never loaded whole (see ``Body/file(_:)``
    /// for a file that cannot be opened).
    public static func file(_ url: URL, status: Int = 200, contentType: String = "application/octet-stream") -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": contentType], body: .file(url))
    }

    /// A response of `byteCount` generated bytes (see `Body.generated`), for downloads of any size at no
    /// memory cost; compare what the client received with ``generatedBytes(offset:count:)``.
    public static func generated(byteCount: Int64, status: Int = 200) -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": "application/octet-stream"], body: .generated(byteCount: byteCount))
    }

    /// A response whose status line is `line` verbatim, e.g. `"HTTP/1.1 abc"` or `"HTCPCP/1.0 418"`, to test
    /// that a client rejects a status line it cannot parse with a typed error. The body is `malformed`.
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

    /// The bytes `Body.generated` sends from `offset`, for comparing what a client received, including a
    /// range or a resumed download that starts mid-body.
    ///
    /// - Parameters:
    ///   - offset: The offset of the first byte in the generated body (a negative offset continues the
    ///     pattern backwards).
    ///   - count: How many bytes; a negative count gives empty data.
    /// - Returns: The bytes, held in memory: ask only for as many as the test compares.
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

    /// Adds a header field, keeping any field of the same name, so a test can send a header twice (e.g. two
    /// `Set-Cookie` fields, or two conflicting `Content-Length` fields).
    public func header(_ name: String, _ value: String) -> MockResponse {
        var copy = self
        copy.headers.add(name: name, value: value)
        return copy
    }

    /// Frames the body with `Transfer-Encoding: chunked`, in chunks of at most `maxChunkSize` bytes (16 KiB by
    /// default; a value below 1 is taken as 1). Small chunks test that a client joins a body split across many
    /// chunks.
    public func chunked(maxChunkSize: Int = 16 * 1024) -> MockResponse {
        var copy = self
        copy.transfer = .chunked(maxChunkSize: max(1, maxChunkSize))
        return copy
    }

    /// Waits `delay` before sending the status line (a slow server; a client with a shorter timeout times out).
    /// Prefer ``noResponse`` when the test only needs the timeout: it waits for the client, not for a clock.
    public func delayingHeaders(by delay: Duration) -> MockResponse {
        var copy = self
        copy.headersDelay = delay
        return copy
    }

    /// Waits `delay` between the headers and the body, to test a timeout that must cover the body too.
    public func delayingBody(by delay: Duration) -> MockResponse {
        var copy = self
        copy.bodyDelay = delay
        return copy
    }

    /// Sends the body `bytes` at a time with a pause of `interval` after each slice (a `bytes` below 1 is
    /// raised to 1), to make a download slow enough to watch its progress or cancel it.
    public func throttled(bytes: Int, every interval: Duration) -> MockResponse {
        var copy = self
        copy.throttle = Throttle(bytes: bytes, every: interval)
        return copy
    }

    /// Sets what happens to the connection (see ``SocketPolicy`` for the client bug each policy catches).
    public func socketPolicy(_ policy: SocketPolicy) -> MockResponse {
        var copy = self
        copy.socketPolicy = policy
        return copy
    }
}
