#if os(Linux)
import CourierSockets
import CourierTesting
import Foundation
import Glibc
import Testing
import TestSupport

/// MockWebServer's PING answers, seen by a raw HTTP/2 client on a loopback socket (SocketTransport sends no
/// PING of its own yet): the server handles frames in order, so a PING sent before a request is answered
/// before the response's HEADERS, or never when `acknowledgesPings` is off.
@Suite("MockWebServer HTTP/2 PING (Linux)", .loopback)
struct MockWebServerHTTP2PingTests {
    /// Sends the preface, SETTINGS, a PING and a GET; returns the frames received up to the response's HEADERS.
    static func framesBeforeResponse(port: UInt16) throws -> [HTTP2Frame] {
        let fd = try LoopbackSocket.connect(port: port)
        defer { close(fd) }
        var encoder = HPACKEncoder()
        var block: [UInt8] = []
        encoder.encode(
            [.init(name: ":method", value: "GET"), .init(name: ":scheme", value: "http"), .init(name: ":authority", value: "127.0.0.1"),
             .init(name: ":path", value: "/")], into: &block)
        var bytes = HTTP2FrameDecoder.clientPreface
        for frame: HTTP2Frame in [
            .settings(ack: false, []), .ping(ack: false, opaque: 42),
            .headers(streamID: 1, block: block, endStream: true, endHeaders: true),
        ] { HTTP2FrameEncoder.encode(frame, into: &bytes) }
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw LoopbackSocket.Failure(description: "short send")
        }
        var decoder = HTTP2FrameDecoder()
        var frames: [HTTP2Frame] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while LoopbackSocket.wait(fd, for: Int16(POLLIN)) {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            decoder.append(Array(buffer[0..<count]))
            while let frame = try decoder.nextFrame() {
                frames.append(frame)
                if case .headers(1, _, _, _, _, _) = frame { return frames }
            }
        }
        throw LoopbackSocket.Failure(description: "no response; received \(frames)")
    }

    @Test("a PING is acknowledged with its payload, or ignored when acknowledgesPings is off", arguments: [true, false])
    func ping(acknowledges: Bool) throws {
        var configuration = MockWebServer.Configuration()
        configuration.http2.acknowledgesPings = acknowledges
        let server = MockWebServer(configuration: configuration)
        try server.start()
        server.enqueue(.text("pong?"))
        let frames = try Self.framesBeforeResponse(port: server.port)
        #expect(frames.contains(.ping(ack: true, opaque: 42)) == acknowledges)
        #expect(frames.contains(.settings(ack: true, [])))
    }
}
#endif
