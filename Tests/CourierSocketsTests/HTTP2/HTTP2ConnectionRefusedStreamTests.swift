#if os(Linux)
import Courier
@testable import CourierSockets
import CourierTesting
import Foundation
import Glibc
import Testing
import TestSupport

/// A hand-written HTTP/2 server on a loopback socket that refuses the first request with RST_STREAM
/// REFUSED_STREAM and answers every later one: the transport sends the refused request again (the server did
/// not process it), whatever its method.
@Suite("HTTP2Connection: REFUSED_STREAM is replayed (Linux)", .loopback)
struct HTTP2ConnectionRefusedStreamTests {
    /// Serves one connection: SETTINGS, then per HEADERS either the refusal (the first request of all) or 200 "ok".
    static func serve(_ client: Int32, requests: LockedState<Int>) {
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
                let number = requests.withLock { count -> Int in
                    count += 1
                    return count
                }
                if number == 1 {
                    write(client, [.rstStream(streamID: id, code: .refusedStream)])
                    continue
                }
                var block: [UInt8] = []
                encoder.encode([HPACKHeaderField(name: ":status", value: "200")], into: &block)
                write(client, [
                    .headers(streamID: id, block: block, endStream: false, endHeaders: true, priority: nil, padding: nil),
                    .data(streamID: id, bytes: Array("ok".utf8), endStream: true),
                ])
            }
        }
    }

    static func write(_ client: Int32, _ frames: [HTTP2Frame]) {
        var bytes: [UInt8] = []
        for frame in frames { HTTP2FrameEncoder.encode(frame, into: &bytes) }
        _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    @Test("a POST refused with REFUSED_STREAM is sent again and answered")
    func refusedStreamIsReplayed() async throws {
        let listener = try LoopbackListener()
        defer { listener.shutdown() }
        let requests = LockedState(0)
        listener.serveEachConnection { Self.serve($0, requests: requests) }
        let transport = SocketTransport(configuration: .init(requestTimeout: .seconds(60), httpVersion: .http2PriorKnowledge))
        let client = NetworkClient(
            baseURL: URL(string: "http://127.0.0.1:\(listener.port)/")!, configuration: .init(retryPolicy: .never, transport: transport))
        let response = try await client.response(.post("/once").body(.data(Data("x".utf8), contentType: "text/plain")))
        #expect(response.statusCode == 200)
        #expect(response.value == Data("ok".utf8))
        #expect(requests.withLock { $0 } == 2)
    }
}
#endif
