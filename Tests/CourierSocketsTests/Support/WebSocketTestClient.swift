#if os(Linux)
import Courier
@testable import CourierSockets
import Foundation
import Glibc

/// A WebSocket client for tests of MockWebServer's WebSocket side, until the real client exists: a
/// non-blocking loopback socket (optionally TLS) polled with a hang guard, the Upgrade request written by
/// hand, and Courier's client-role codec. It answers nothing on its own: a test sends what it means to.
final class WebSocketTestClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let fd: Int32
    private let tls: TLSConnection?
    private var decoder: WebSocketFrameDecoder
    private var assembler: WebSocketMessageAssembler?
    private var encoder = WebSocketFrameEncoder(role: .client)
    private let configuration: WebSocketConfiguration
    #if canImport(CZlib)
    private var deflater: WebSocketDeflater?
    #endif
    /// What the handshake settled, once it succeeded.
    private(set) var negotiated: WebSocketHandshake.Negotiated?

    /// Connects to 127.0.0.1:`port`, over TLS when `tls` is given (then the handshake is done here too).
    init(port: UInt16, tls: TLSContext? = nil, configuration: WebSocketConfiguration = .init(compression: false)) throws {
        let fd = try LoopbackSocket.connect(port: port)
        self.fd = fd
        self.configuration = configuration
        decoder = WebSocketFrameDecoder(role: .client, maximumFrameSize: configuration.maximumFrameSize)
        do {
            self.tls = try tls.map { try TLSConnection(context: $0, fd: fd, serverName: "127.0.0.1") }
            while let connection = self.tls {
                switch try connection.handshake() {
                case .done: return
                case .wantRead: try waitFor(Int16(POLLIN))
                case .wantWrite: try waitFor(Int16(POLLOUT))
                }
            }
        } catch {
            close(fd)
            throw error
        }
    }

    deinit {
        close(fd)
    }

    // MARK: Handshake

    /// Sends `GET path` with `headers` and reads the answer's head; bytes after it go to the frame decoder.
    func request(_ path: String = "/chat", headers: HTTPHeaders) throws -> (status: Int, headers: HTTPHeaders, leftover: [UInt8]) {
        var text = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for field in headers { text += "\(field.name): \(field.value)\r\n" }
        try write(Array((text + "\r\n").utf8))
        var received: [UInt8] = []
        while received.firstRange(of: [13, 10, 13, 10]) == nil {
            guard let more = try read() else { throw Failure(description: "the server closed before answering the Upgrade") }
            received += more
        }
        let end = received.firstRange(of: [13, 10, 13, 10])!
        let lines = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = lines[0].split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
        var fields = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields.add(name: String(line[..<colon]), value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (status, fields, Array(received[end.upperBound...]))
    }

    /// The opening handshake with Courier's client rules; throws what `WebSocketHandshake.validate` throws.
    @discardableResult
    func upgrade(_ path: String = "/chat") throws -> WebSocketHandshake.Negotiated {
        let handshake = WebSocketHandshake(configuration: configuration)
        let answer = try request(path, headers: handshake.requestHeaders)
        let negotiated = try handshake.validate(status: answer.status, headers: answer.headers)
        decoder = WebSocketFrameDecoder(role: .client, maximumFrameSize: configuration.maximumFrameSize,
                                        allowsCompressedFrames: negotiated.compression != nil)
        decoder.append(answer.leftover)
        assembler = try WebSocketMessageAssembler(maximumMessageSize: configuration.maximumMessageSize,
                                                  compression: negotiated.compression, role: .client)
        #if canImport(CZlib)
        deflater = try negotiated.compression?.makeDeflater(as: .client)
        #endif
        self.negotiated = negotiated
        return negotiated
    }

    // MARK: Frames

    /// Sends `frame`, masked unless `maskingKey` says otherwise (`.some(nil)`: unmasked, a fault).
    func send(_ frame: WebSocketFrame, maskingKey: (UInt8, UInt8, UInt8, UInt8)?? = .none) throws {
        var bytes: [UInt8] = []
        if let key = maskingKey {
            WebSocketFrameEncoder.encode(frame, maskingKey: key, into: &bytes)
        } else {
            encoder.encode(frame, into: &bytes)
        }
        try write(bytes)
    }

    /// Sends a message, compressed when permessage-deflate was negotiated.
    func send(_ message: WebSocketMessage) throws {
        let (opcode, bytes): (WebSocketOpcode, [UInt8]) = switch message {
        case .text(let text): (.text, Array(text.utf8))
        case .binary(let data): (.binary, Array(data))
        }
        #if canImport(CZlib)
        if let deflater {
            return try send(WebSocketFrame(reservedBits: WebSocketFrame.compressedBit, opcode: opcode, payload: try deflater.compress(bytes)))
        }
        #endif
        try send(WebSocketFrame(opcode: opcode, payload: bytes))
    }

    /// The next raw frame, or nil when the server closed the connection.
    func nextFrame() throws -> WebSocketFrame? {
        while true {
            if let frame = try decoder.next() { return frame }
            guard let bytes = try read() else { return nil }
            decoder.append(bytes)
        }
    }

    /// The next event (a message, ping, pong or close), or nil when the server closed the connection.
    func nextEvent() throws -> WebSocketEvent? {
        while let frame = try nextFrame() {
            guard var assembler else { throw Failure(description: "upgrade() first") }
            defer { self.assembler = assembler }
            if let event = try assembler.take(frame) { return event }
        }
        return nil
    }

    // MARK: Bytes

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written: Int? = try bytes.withUnsafeBytes { all in
                let rest = UnsafeRawBufferPointer(rebasing: all[offset...])
                if let tls {
                    if case .wrote(let count) = try tls.write(rest) { return count }
                    return nil
                }
                let sent = Glibc.send(fd, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL))
                if sent > 0 { return sent }
                guard errno == EAGAIN else { throw Failure(description: "send() failed, errno \(errno)") }
                return nil
            }
            if let written { offset += written } else { try waitFor(Int16(POLLOUT)) }
        }
    }

    /// Bytes received, or nil at the end of the stream.
    func read() throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if let tls {
                switch try buffer.withUnsafeMutableBytes({ try tls.read(into: $0) }) {
                case .bytes(let count): return Array(buffer[..<count])
                case .closed: return nil
                case .wantRead, .wantWrite: try waitFor(Int16(POLLIN))
                }
            } else {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count > 0 { return Array(buffer[..<count]) }
                if count == 0 || errno == ECONNRESET { return nil }
                guard errno == EAGAIN else { throw Failure(description: "recv() failed, errno \(errno)") }
                try waitFor(Int16(POLLIN))
            }
        }
    }

    private func waitFor(_ events: Int16) throws {
        guard LoopbackSocket.wait(fd, for: events) else { throw Failure(description: "no socket readiness within the hang guard") }
    }
}
#endif
