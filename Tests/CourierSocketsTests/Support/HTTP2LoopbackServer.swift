#if os(Linux)
@testable import CourierSockets
import Glibc

/// A hand-written HTTP/2 server on one accepted loopback socket: its SETTINGS and the ACK of the client's, then
/// for each request's HEADERS the frames `answer` returns, written in one `send`.
enum HTTP2LoopbackServer {
    /// Serves `client` until it closes; `answer` gets the stream and the server's HPACK encoder.
    static func serve(_ client: Int32, answer: (_ streamID: UInt32, _ encoder: inout HPACKEncoder) -> [HTTP2Frame]) {
        defer { close(client) }
        var decoder = HTTP2FrameDecoder(maximumFrameSize: Int(HTTP2Settings.maximumMaxFrameSize), expectsClientPreface: true)
        var encoder = HPACKEncoder()
        write(client, [.settings(ack: false, []), .settings(ack: true, [])])
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            buffer.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            while let frame = try? decoder.nextFrame() {
                guard case .headers(let id, _, _, _, _, _) = frame else { continue }
                write(client, answer(id, &encoder))
            }
        }
    }

    /// HEADERS with `:status 200` (no END_STREAM) for stream `id`.
    static func okHead(_ id: UInt32, _ encoder: inout HPACKEncoder) -> HTTP2Frame {
        var block: [UInt8] = []
        encoder.encode([HPACKHeaderField(name: ":status", value: "200")], into: &block)
        return .headers(streamID: id, block: block, endStream: false, endHeaders: true, priority: nil, padding: nil)
    }

    static func write(_ client: Int32, _ frames: [HTTP2Frame]) {
        var bytes: [UInt8] = []
        for frame in frames { HTTP2FrameEncoder.encode(frame, into: &bytes) }
        _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
#endif
