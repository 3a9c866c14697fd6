#if os(Linux)
import Foundation
import Glibc

/// A minimal `CONNECT` proxy for tests: accepts on 127.0.0.1, records each request head, and either refuses
/// with `refusal` (e.g. `407 Proxy Authentication Required`) or connects to the requested 127.0.0.1 port,
/// answers 200 and relays bytes both ways until either side closes. Blocking sockets, threads of its own.
final class TunnelProxy: @unchecked Sendable {
    // Safe: `heads` is only touched under `lock`; the other fields are set once in `init`.
    private let lock = NSLock()
    private var heads: [String] = []
    private let listener: LoopbackListener
    var port: UInt16 { listener.port }
    private let refusal: String?

    init(refusal: String? = nil) throws {
        self.refusal = refusal
        listener = try LoopbackListener()
        listener.serveEachConnection { [self] in serve($0) }
    }

    /// The request heads received, in order.
    var requests: [String] { lock.withLock { heads } }

    /// Stops accepting.
    func shutdown() {
        listener.shutdown()
    }

    private func serve(_ client: Int32) {
        let text = LoopbackListener.readHead(from: client)
        lock.withLock { heads.append(text) }
        if let refusal {
            send(client, refusal, refusal.utf8.count, Int32(MSG_NOSIGNAL))
            close(client)
            return
        }
        let parts = text.split(separator: " ")
        guard parts.count > 1, parts[0] == "CONNECT", let port = parts[1].split(separator: ":").last.flatMap({ UInt16($0) }) else {
            close(client)
            return
        }
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let answer = "HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n"
            send(client, answer, answer.utf8.count, Int32(MSG_NOSIGNAL))
            close(client)
            close(upstream)
            return
        }
        let answer = "HTTP/1.1 200 Connection Established\r\n\r\n"
        send(client, answer, answer.utf8.count, Int32(MSG_NOSIGNAL))
        Thread.detachNewThread { Self.relay(from: upstream, to: client) }
        Self.relay(from: client, to: upstream)
    }

    private static func relay(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(source, &buffer, buffer.count, 0)
            guard count > 0, send(destination, buffer, count, Int32(MSG_NOSIGNAL)) == count else { break }
        }
        Glibc.shutdown(destination, Int32(SHUT_RDWR))
        Glibc.shutdown(source, Int32(SHUT_RDWR))
        close(source)
    }
}

#endif
