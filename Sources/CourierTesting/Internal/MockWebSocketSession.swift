import Courier
import CourierSockets
import Foundation

/// Runs a `MockWebSocket` script on a connection after its `101` answer, as the server (RFC 6455): frames
/// unmasked, the client's checked with the server-role codec, pings answered, everything recorded.
final class MockWebSocketSession {
    /// Why the session stops.
    private enum End: Error {
        /// The close handshake is done (or a violation was answered with a Close frame): close the TCP
        /// connection, the server's job (RFC 6455 §7.1.1).
        case closed
        /// The script asked for an abrupt close.
        case abrupt
        /// The client went away, went silent past the read timeout, or the server stops.
        case connectionEnded
    }

    private let connection: Connection
    private let socket: MockWebSocket
    private var decoder: WebSocketFrameDecoder
    private var assembler: WebSocketMessageAssembler
    private var encoder = WebSocketFrameEncoder(role: .server)
    private var handshake = WebSocketCloseHandshake()
    #if canImport(CZlib)
    private let deflater: WebSocketDeflater?
    #endif

    /// A session on `connection`, with permessage-deflate when `compression` was negotiated.
    init(connection: Connection, socket: MockWebSocket, compression: PerMessageDeflate?) throws(WebSocketError) {
        self.connection = connection
        self.socket = socket
        decoder = WebSocketFrameDecoder(role: .server, maximumFrameSize: socket.maximumMessageSize, allowsCompressedFrames: compression != nil)
        assembler = try WebSocketMessageAssembler(maximumMessageSize: socket.maximumMessageSize, compression: compression, role: .server)
        #if canImport(CZlib)
        deflater = try compression?.makeDeflater(as: .server)
        #endif
    }

    /// Runs the steps, then serves the client until it closes; says how the connection ends.
    func run() -> Connection.Next {
        defer { socket.finish() }
        do {
            for step in socket.steps { try perform(step) }
            while true { _ = try nextMessage() }
        } catch .closed {
            return .closeGracefully
        } catch .abrupt {
            return .close
        } catch {
            return .close
        }
    }

    private func perform(_ step: MockWebSocket.Step) throws(End) {
        switch step {
        case .send(let message): try send(message)
        case .sendFragmented(let message, let size): try sendFragmented(message, size: max(1, size))
        case .receive: _ = try nextMessage()
        case .echo: try send(try nextMessage())
        case .echoUntilClose: while true { try send(try nextMessage()) }
        case .ping(let payload): try write(WebSocketFrame(opcode: .ping, payload: Array(payload.prefix(125))))
        case .close(let code, let reason):
            let payload: [UInt8]?
            do {
                payload = try handshake.close(code: code, reason: reason)
            } catch {
                // A script mistake, not the client's: the session ends here with 1011 and the error recorded.
                try fail(WebSocketError(.invalidArgument, closeCode: .internalServerError, "the script's .close step: \(error.message)"))
            }
            guard let payload else { return }
            try write(WebSocketFrame(opcode: .close, payload: payload))
            while true { _ = try nextMessage() }  // until the client's Close frame
        case .fault(let fault): try inject(fault)
        }
    }

    private func inject(_ fault: MockWebSocket.Fault) throws(End) {
        var bytes: [UInt8] = []
        switch fault {
        case .maskedFrame:
            WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .text, payload: Array("masked".utf8)), maskingKey: (1, 2, 3, 4), into: &bytes)
        case .reservedBits:
            WebSocketFrameEncoder.encode(WebSocketFrame(reservedBits: 0x30, opcode: .text, payload: Array("rsv".utf8)), maskingKey: nil, into: &bytes)
        case .reservedOpcode:
            bytes = [0x83, 0x00]  // FIN, opcode 0x3, empty
        case .invalidUTF8:
            WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .text, payload: [0x61, 0xC0, 0xAF]), maskingKey: nil, into: &bytes)
        case .oversizedFrame(let length):
            bytes = [0x82, 0x7F] + (0..<8).map { UInt8(truncatingIfNeeded: (length & (UInt64.max >> 1)) >> (56 - 8 * UInt64($0))) }
        case .abruptClose:
            throw .abrupt
        case .raw(let raw):
            bytes = raw
        }
        try flush(bytes)
    }

    // MARK: Sending

    private func send(_ message: WebSocketMessage) throws(End) {
        let (opcode, bytes): (WebSocketOpcode, [UInt8]) = switch message {
        case .text(let text): (.text, Array(text.utf8))
        case .binary(let data): (.binary, Array(data))
        }
        #if canImport(CZlib)
        if let deflater, let compressed = try? deflater.compress(bytes) {
            return try write(WebSocketFrame(reservedBits: WebSocketFrame.compressedBit, opcode: opcode, payload: compressed))
        }
        #endif
        try write(WebSocketFrame(opcode: opcode, payload: bytes))
    }

    /// Sends `message` uncompressed in pieces of `size` bytes, with a ping after the first.
    private func sendFragmented(_ message: WebSocketMessage, size: Int) throws(End) {
        let (opcode, bytes): (WebSocketOpcode, [UInt8]) = switch message {
        case .text(let text): (.text, Array(text.utf8))
        case .binary(let data): (.binary, Array(data))
        }
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + size)
            try write(WebSocketFrame(fin: end == bytes.count, opcode: offset == 0 ? opcode : .continuation, payload: Array(bytes[offset..<end])))
            if offset == 0, end < bytes.count { try write(WebSocketFrame(opcode: .ping, payload: Array("between".utf8))) }
            offset = end
        } while offset < bytes.count
    }

    private func write(_ frame: WebSocketFrame) throws(End) {
        var bytes: [UInt8] = []
        encoder.encode(frame, into: &bytes)
        try flush(bytes)
    }

    private func flush(_ bytes: [UInt8]) throws(End) {
        connection.output.append(contentsOf: bytes)
        guard connection.flush() else { throw .connectionEnded }
    }

    // MARK: Receiving

    /// The client's next message, recorded; control frames on the way are recorded and answered.
    private func nextMessage() throws(End) -> WebSocketMessage {
        while true {
            let event: WebSocketEvent?
            do {
                event = try nextEvent()
            } catch let error as WebSocketError {
                try fail(error)
            } catch {
                throw error as? End ?? .connectionEnded
            }
            guard let event else { continue }
            switch event {
            case .message(let message):
                socket.record { $0.messages.append(message) }
                return message
            case .ping(let payload):
                socket.record { $0.pings.append(payload) }
                if socket.answersPings { try write(WebSocketFrame(opcode: .pong, payload: payload)) }
            case .pong(let payload):
                socket.record { $0.pongs.append(payload) }
            case .close(let payload):
                socket.record {
                    $0.closeReceived = true
                    $0.closeCode = payload.code
                    $0.closeReason = payload.reason
                }
                if let reply = handshake.receive(payload) { try write(WebSocketFrame(opcode: .close, payload: reply)) }
                throw .closed
            }
        }
    }

    /// The event of the next frame, reading from the socket when no whole frame is buffered.
    private func nextEvent() throws -> WebSocketEvent? {
        while true {
            if let frame = try decoder.next() { return try assembler.take(frame) }
            let bytes: ArraySlice<UInt8>
            do {
                bytes = try connection.reader.read(upTo: 64 * 1024, timeout: connection.core.configuration.readTimeout.seconds)
            } catch {
                throw End.connectionEnded
            }
            bytes.withUnsafeBytes { decoder.append($0) }
        }
    }

    /// Answers a violation by the client (or a script step that cannot be performed) with a Close frame of its
    /// code, records it, and ends.
    private func fail(_ error: WebSocketError) throws(End) -> Never {
        socket.record { $0.failure = error }
        if let payload = try? handshake.close(code: error.closeCode ?? .protocolError, reason: "") {
            try? write(WebSocketFrame(opcode: .close, payload: payload))
        }
        throw .closed
    }
}
