#if os(Linux)
@testable import CourierSockets
import Foundation
import Glibc

/// One connection of a hand-written HTTP/2 server in a test, on a blocking loopback socket: the project's own
/// frame codec and HPACK both ways. It sends its SETTINGS at once, acknowledges the client's, and hands the test
/// every other frame (requests decoded), so the test scripts what the server does.
final class HTTP2ServerConnection {
    /// A request's HEADERS, decoded.
    struct Request {
        var streamID: UInt32
        var fields: [HPACKHeaderField]
        /// Whether the HEADERS ended the stream (no body follows).
        var endStream: Bool

        func field(_ name: String) -> String? { fields.first { $0.name == name }?.value }
    }

    let descriptor: Int32
    private var frames = HTTP2FrameDecoder(maximumFrameSize: Int(HTTP2Settings.maximumMaxFrameSize), expectsClientPreface: true)
    private var encoder = HPACKEncoder()
    private var decoder = HPACKDecoder()
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    init(_ descriptor: Int32, settings: [HTTP2Setting] = []) {
        self.descriptor = descriptor
        write(.settings(ack: false, settings))
    }

    func write(_ frames: HTTP2Frame...) {
        var bytes: [UInt8] = []
        for frame in frames { HTTP2FrameEncoder.encode(frame, into: &bytes) }
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Waits for the client's preface and SETTINGS (acknowledged); `false` when the peer closed or sent something
    /// else first (not an HTTP/2 client: another test's port probe, say).
    func awaitClient() -> Bool {
        while true {
            if let frame = try? frames.nextFrame() {
                guard case .settings(false, _) = frame else { return false }
                write(.settings(ack: true, []))
                return true
            }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return false }
            buffer.withUnsafeBytes { frames.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    /// The next frame from the client other than SETTINGS (acknowledged here) and WINDOW_UPDATE; `nil` once the
    /// client closed.
    func nextFrame() -> HTTP2Frame? {
        while true {
            while let frame = try? frames.nextFrame() {
                switch frame {
                case .settings(let ack, _): if !ack { write(.settings(ack: true, [])) }
                case .windowUpdate, .priority: continue
                default: return frame
                }
            }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            buffer.withUnsafeBytes { frames.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    /// The next request's HEADERS, skipping other frames (`skipped` hears of them); `nil` once the client closed.
    func nextRequest(skipped: (HTTP2Frame) -> Void = { _ in }) -> Request? {
        while let frame = nextFrame() {
            guard case .headers(let id, let block, let endStream, _, _, _) = frame else {
                skipped(frame)
                continue
            }
            return Request(streamID: id, fields: (try? decoder.decode(block)) ?? [], endStream: endStream)
        }
        return nil
    }

    /// Reads `request`'s body up to END_STREAM (other streams' frames are dropped), its window credit returned
    /// as it comes.
    func body(of request: Request) -> [UInt8]? {
        guard !request.endStream else { return [] }
        var body: [UInt8] = []
        while let frame = nextFrame() {
            guard case .data(request.streamID, let bytes, let end, _) = frame else { continue }
            body += bytes
            if !bytes.isEmpty {
                let credit = UInt32(bytes.count)
                write(.windowUpdate(streamID: 0, increment: credit), .windowUpdate(streamID: request.streamID, increment: credit))
            }
            if end { return body }
        }
        return nil
    }

    /// A field block for `fields` (`(":status", "200")` first for a response head).
    func block(_ fields: [(String, String)]) -> [UInt8] {
        var block: [UInt8] = []
        encoder.encode(fields.map { HPACKHeaderField(name: $0.0, value: $0.1) }, into: &block)
        return block
    }

    /// Answers `streamID`: a head, the body, and trailers when given.
    func respond(_ streamID: UInt32, status: Int = 200, headers: [(String, String)] = [], body: [UInt8], trailers: [(String, String)]? = nil) {
        let head = block([(":status", String(status))] + headers)
        write(.headers(streamID: streamID, block: head, endStream: false, endHeaders: true, priority: nil, padding: nil))
        var offset = 0
        repeat {
            let end = min(body.count, offset + 16_384)
            write(.data(streamID: streamID, bytes: Array(body[offset..<end]), endStream: end == body.count && trailers == nil))
            offset = end
        } while offset < body.count
        if let trailers {
            write(.headers(streamID: streamID, block: block(trailers), endStream: true, endHeaders: true, priority: nil, padding: nil))
        }
    }

    func close() {
        Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
    }
}
#endif
