import Courier
import Foundation

/// A scripted WebSocket server side for `MockResponse.webSocket(_:)`: after the `101` handshake it runs its
/// steps in order, records what the client sends, and can inject protocol faults a client must survive.
///
/// While a step waits for the client, and after the last step until the client closes, the server answers
/// pings (unless `answersPings` is false) and records every message, pong and Close frame. Wait for the end
/// with `server.waitUntil { _ in socket.isFinished }`, then assert on `transcript`; `waitUntil` looks again
/// at every change to the transcript, so it also waits for one, e.g. `{ _ in socket.transcript.pings.count == 2 }`.
///
/// ```swift
/// let socket = MockWebSocket([.send(.text("hello")), .echo, .close(.normalClosure, reason: "done")])
/// server.enqueue(.webSocket(socket))
/// … // the client connects, reads "hello", sends "ping me", reads it back, answers the close
/// _ = await server.waitUntil { _ in socket.isFinished }
/// #expect(socket.transcript.messages == [.text("ping me")])
/// ```
public final class MockWebSocket: Sendable {
    /// One step of the script. Steps run in order, so a test states the conversation it expects; a step that
    /// waits for the client ends the session (no hang) when the client goes away or stays silent past
    /// `Configuration.readTimeout`.
    public enum Step: Sendable, Hashable {
        /// Sends a message (compressed when permessage-deflate was negotiated, so the client's decompression is
        /// exercised whenever it offered it).
        case send(WebSocketMessage)
        /// Sends a message uncompressed in fragments of at most `fragmentSize` bytes (a size below 1 is taken
        /// as 1), with a ping between the first two: tests that a client reassembles fragments and handles a
        /// control frame in the middle of a message, as RFC 6455 §5.4 allows.
        case sendFragmented(WebSocketMessage, fragmentSize: Int)
        /// Waits for one message from the client and records it, so the script goes on only after the client
        /// spoke.
        case receive
        /// Waits for one message from the client, records it, and sends it back, for a round trip the client
        /// can check itself.
        case echo
        /// Echoes every message until the client closes (the steps after it never run), for tests that drive
        /// the whole conversation from the client side.
        case echoUntilClose
        /// Sends a ping with this payload (cut to the 125 bytes a control frame may carry); the pong is
        /// recorded when it comes, to test that a client answers pings with the same payload.
        case ping([UInt8])
        /// Sends a Close frame (nil: an empty one) and waits for the client's, to test a server-initiated
        /// close. A code that may not be sent (1005, 1006, 1015, or outside 1000-1003, 1007-1014, 3000-4999),
        /// a reason over 123 UTF-8 bytes, or a reason without a code is a mistake in the script: the session
        /// ends there with Close 1011 and records it in `Transcript.failure` as `.invalidArgument` (the steps
        /// after it never run). Use `.fault(.raw(_:))` to send an invalid Close frame on purpose.
        case close(WebSocketCloseCode?, reason: String = "")
        /// Breaks the protocol (see ``Fault`` for the client check each fault tests).
        case fault(Fault)
    }

    /// What a misbehaving server does; a conforming client fails the connection with the code noted. Each
    /// fault tests that a client validates what it receives instead of trusting the server.
    public enum Fault: Sendable, Hashable {
        /// A text frame masked, which servers must never send (1002): catches a client that unmasks any frame.
        case maskedFrame
        /// A text frame with RSV2 and RSV3 set, which no extension defines (1002): catches a client that
        /// ignores bits it did not negotiate.
        case reservedBits
        /// A frame with the reserved opcode 0x3 (1002): catches a client that skips unknown frames.
        case reservedOpcode
        /// A text message that is not UTF-8 (1007): catches a client that hands invalid text to the app.
        case invalidUTF8
        /// The header of a binary frame announcing `length` bytes, then the connection waits (1009 when
        /// `length` is over the client's limit): catches a client that would buffer whatever a server
        /// announces.
        case oversizedFrame(length: UInt64)
        /// Closes the TCP connection without a Close frame (the client sees 1006), as a network failure does:
        /// tests that a client reports the abnormal end instead of a clean close.
        case abruptClose
        /// Writes these bytes as they are, for any violation the other faults do not script.
        case raw([UInt8])
    }

    /// What the client sent, in order: the evidence a test asserts on once the session is over (or while it
    /// runs, with `waitUntil`).
    public struct Transcript: Sendable, Hashable {
        /// The client's messages, decompressed and reassembled, as the client's app sent them.
        public var messages: [WebSocketMessage] = []
        /// The payloads of the client's pongs, to check that each answered a ``Step/ping(_:)`` with its payload.
        public var pongs: [[UInt8]] = []
        /// The payloads of the client's pings, to check a client's keep-alive.
        public var pings: [[UInt8]] = []
        /// Whether the client sent a Close frame: false after a session the client ended by dropping the
        /// connection, which a well-behaved client does not do.
        public var closeReceived = false
        /// The code of the client's Close frame (nil for none or an empty one), to check that a client closes
        /// with the code its app asked for.
        public var closeCode: WebSocketCloseCode?
        /// The reason of the client's Close frame; empty when it gave none.
        public var closeReason = ""
        /// The subprotocol the handshake answered with, if any (the configured one, sent whether offered or not).
        public var subprotocol: String?
        /// The `Sec-WebSocket-Extensions` answer sent, if any: shows whether compression was negotiated.
        public var extensions: String?
        /// Why the session ended early: a protocol violation by the client (with the close code sent), a step
        /// of the script that cannot be performed (`.invalidArgument`, sent as 1011), or a handshake the server
        /// refused with 400 (`.handshakeFailed`); nil for a session that ended normally.
        public var failure: WebSocketError?
    }

    /// The steps, in order; after the last one the server keeps reading (and answering pings) until the
    /// client closes.
    public let steps: [Step]
    /// The subprotocol the server answers with (sent as given, whether offered or not, so a test can
    /// script a server that picks one the client did not offer); nil for none.
    public let subprotocol: String?
    /// Whether the server accepts a permessage-deflate offer (only where zlib is linked, as on Linux); true by
    /// default, so a client that offers compression is tested with it. Set false to test a client against a
    /// server that declines.
    public let acceptsCompression: Bool
    /// Whether the server answers the client's pings; true by default, as RFC 6455 requires. False scripts a
    /// server that never answers, to test a client's keep-alive deadline.
    public let answersPings: Bool
    /// The largest frame and message the server accepts from the client (16 MiB by default); a larger one
    /// ends the session with 1009, recorded in `Transcript.failure`, to test how a client meets a server's limit.
    public let maximumMessageSize: Int

    private let state = LockedState(State())

    private struct State {
        var transcript = Transcript()
        var finished = false
        /// Wakes the serving `MockWebServer`'s `waitUntil` calls (set when the session starts).
        var changed: (@Sendable () -> Void)?
    }

    /// A script of `steps` with the server's options; the defaults make a conforming server that accepts
    /// compression, answers pings and accepts messages up to 16 MiB.
    public init(_ steps: [Step], subprotocol: String? = nil, acceptsCompression: Bool = true, answersPings: Bool = true,
                maximumMessageSize: Int = 16 << 20) {
        self.steps = steps
        self.subprotocol = subprotocol
        self.acceptsCompression = acceptsCompression
        self.answersPings = answersPings
        self.maximumMessageSize = maximumMessageSize
    }

    /// What the client has sent so far (a snapshot; read it again after waiting for a change).
    public var transcript: Transcript { state.withLock { $0.transcript } }

    /// Whether the session has ended (the connection is closed or about to be); wait for it before asserting
    /// on `transcript`, so the assertion sees everything the client sent.
    public var isFinished: Bool { state.withLock { $0.finished } }

    /// Updates the transcript (the connection thread, as frames arrive).
    func record(_ change: (inout Transcript) -> Void) {
        let changed = state.withLock { state in
            change(&state.transcript)
            return state.changed
        }
        changed?()
    }

    /// Marks the session ended.
    func finish() {
        let changed = state.withLock { state in
            state.finished = true
            return state.changed
        }
        changed?()
    }

    /// Has every later change to the transcript (and the end) call `changed`.
    func notify(_ changed: @escaping @Sendable () -> Void) {
        state.withLock { $0.changed = changed }
    }
}

extension MockResponse {
    /// Answers a WebSocket Upgrade request with `101 Switching Protocols` and runs `socket`'s script on the
    /// connection. A request that is not a valid Upgrade (RFC 6455 §4.2.1) gets `400` instead, and the reason
    /// is recorded in the socket's `Transcript.failure`, which catches a client whose handshake is wrong.
    /// Headers set on the returned response are added to the `101` answer.
    public static func webSocket(_ socket: MockWebSocket) -> MockResponse {
        var response = MockResponse(status: 101)
        response.webSocket = socket
        return response
    }
}
