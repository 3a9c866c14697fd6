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
    /// One step of the script.
    public enum Step: Sendable, Hashable {
        /// Sends a message (compressed when permessage-deflate was negotiated).
        case send(WebSocketMessage)
        /// Sends a message in fragments of at most `fragmentSize` bytes, a ping between the first two.
        case sendFragmented(WebSocketMessage, fragmentSize: Int)
        /// Waits for one message from the client and records it.
        case receive
        /// Waits for one message from the client, records it, and sends it back.
        case echo
        /// Echoes every message until the client closes.
        case echoUntilClose
        /// Sends a ping with this payload (the pong is recorded when it comes).
        case ping([UInt8])
        /// Sends a Close frame (nil: an empty one) and waits for the client's.
        case close(WebSocketCloseCode?, reason: String = "")
        /// Breaks the protocol (see `Fault`).
        case fault(Fault)
    }

    /// What a misbehaving server does; a conforming client fails the connection with the code noted.
    public enum Fault: Sendable, Hashable {
        /// A text frame masked, which servers must never send (1002).
        case maskedFrame
        /// A text frame with RSV2 and RSV3 set, which no extension defines (1002).
        case reservedBits
        /// A frame with the reserved opcode 0x3 (1002).
        case reservedOpcode
        /// A text message that is not UTF-8 (1007).
        case invalidUTF8
        /// The header of a binary frame announcing `length` bytes, then the connection waits (1009 when
        /// `length` is over the client's limit).
        case oversizedFrame(length: UInt64)
        /// Closes the TCP connection without a Close frame (the client sees 1006).
        case abruptClose
        /// Writes these bytes as they are.
        case raw([UInt8])
    }

    /// What the client sent, in order.
    public struct Transcript: Sendable, Hashable {
        /// The client's messages.
        public var messages: [WebSocketMessage] = []
        /// The payloads of the client's pongs.
        public var pongs: [[UInt8]] = []
        /// The payloads of the client's pings.
        public var pings: [[UInt8]] = []
        /// Whether the client sent a Close frame.
        public var closeReceived = false
        /// The code of the client's Close frame (nil for none or an empty one).
        public var closeCode: WebSocketCloseCode?
        /// The reason of the client's Close frame.
        public var closeReason = ""
        /// The subprotocol the handshake answered with, if any.
        public var subprotocol: String?
        /// The `Sec-WebSocket-Extensions` answer sent, if any.
        public var extensions: String?
        /// Why the session ended early: a protocol violation by the client (with the close code sent), or nil.
        public var failure: WebSocketError?
    }

    /// The steps, in order.
    public let steps: [Step]
    /// The subprotocol the server answers with (sent as given, whether offered or not, so a test can
    /// script a server that picks one the client did not offer); nil for none.
    public let subprotocol: String?
    /// Whether the server accepts a permessage-deflate offer (on Linux, where zlib is linked).
    public let acceptsCompression: Bool
    /// Whether the server answers the client's pings (false: a server that never answers, for keep-alive
    /// deadline tests).
    public let answersPings: Bool
    /// The largest frame and message the server accepts from the client.
    public let maximumMessageSize: Int

    private let state = LockedState(State())

    private struct State {
        var transcript = Transcript()
        var finished = false
        /// Wakes the serving `MockWebServer`'s `waitUntil` calls (set when the session starts).
        var changed: (@Sendable () -> Void)?
    }

    /// A script.
    public init(_ steps: [Step], subprotocol: String? = nil, acceptsCompression: Bool = true, answersPings: Bool = true,
                maximumMessageSize: Int = 16 << 20) {
        self.steps = steps
        self.subprotocol = subprotocol
        self.acceptsCompression = acceptsCompression
        self.answersPings = answersPings
        self.maximumMessageSize = maximumMessageSize
    }

    /// What the client has sent so far.
    public var transcript: Transcript { state.withLock { $0.transcript } }

    /// Whether the session has ended (the connection is closed or about to be).
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
    /// connection. A request that is not a valid Upgrade (RFC 6455 §4.2.1) gets `400` instead.
    public static func webSocket(_ socket: MockWebSocket) -> MockResponse {
        var response = MockResponse(status: 101)
        response.webSocket = socket
        return response
    }
}
