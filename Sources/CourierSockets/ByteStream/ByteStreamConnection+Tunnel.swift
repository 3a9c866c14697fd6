#if os(Linux)
import CSocketSupport
import CourierHTTP
import Foundation
import Glibc

/// Opening a `CONNECT` tunnel through an HTTP proxy (RFC 9110 §9.3.6) before TLS with the origin.
extension ByteStreamConnection {
    /// The tunnel request in flight.
    struct Tunnel {
        var request: [UInt8]
        var written = 0
        var parser: HTTP1ResponseParser
    }

    /// Sends `CONNECT host:port` to the proxy (the socket is connected to it).
    func startTunnel(_ route: ProxyRoute) {
        let authority = key.host.contains(":") ? "[\(key.host)]:\(key.port)" : "\(key.host):\(key.port)"
        var text = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
        if let authorization = route.authorization { text += "Proxy-Authorization: \(authorization)\r\n" }
        text += "\r\n"
        var parser = HTTP1ResponseParser(limits: settings.limits)
        parser.expectResponse(toHEAD: false, toCONNECT: true)
        tunnel = Tunnel(request: Array(text.utf8), parser: parser)
        continueTunnel()
    }

    /// Writes the rest of the `CONNECT` request, or reads the proxy's answer.
    func continueTunnel() {
        guard state == .connecting, var current = tunnel else { return }
        do {
            if current.written < current.request.count {
                let result = try current.request.withUnsafeBytes { bytes throws(NetworkError) in
                    try socketWrite(UnsafeRawBufferPointer(rebasing: bytes[current.written...]))
                }
                if case .bytes(let count) = result { current.written += count }
                tunnel = current
                interest = current.written < current.request.count ? EPOLLOUT.rawValue : EPOLLIN.rawValue
                loop.modify(fd: fd, events: interest)
                if current.written < current.request.count { return }
            }
            switch try socketRead(loop.readBuffer) {
            case .bytes(let count):
                let events = try current.parser.parse(UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<count]))
                tunnel = current
                // Nothing may follow the answer before the client speaks through the tunnel.
                if case .excess(let count) = events.last {
                    throw HTTP1ParseError.malformed("the proxy sent \(count) bytes after its answer")
                }
                for case .head(let head) in events {
                    try tunnelAnswered(head)
                    return
                }
            case .wouldBlock:
                return
            case .closed:
                throw NetworkError.transport(TransportFailure(
                    kind: .cannotConnect, message: "the proxy \(proxyName) closed the connection instead of opening a tunnel to \(key.host)"))
            }
        } catch let error as HTTP1ParseError {
            close(NetworkError.transport(TransportFailure(kind: .cannotConnect, message: "the proxy \(proxyName) answered CONNECT badly: \(error.message)")))
        } catch {
            close(NetworkError.from(error))
        }
    }

    private var proxyName: String {
        key.proxy.map { "\($0.host):\($0.port)" } ?? "?"
    }

    /// The proxy answered: a 2xx opens the tunnel (TLS with the origin starts), anything else refuses it.
    private func tunnelAnswered(_ head: HTTP1ResponseHead) throws {
        guard (200..<300).contains(head.statusCode) else {
            let reason = head.reason.isEmpty ? "" : " \(head.reason)"
            throw NetworkError.transport(TransportFailure(
                kind: .cannotConnect, code: head.statusCode,
                message: "the proxy \(proxyName) refused a tunnel to \(key.host):\(key.port): \(head.statusCode)\(reason)"))
        }
        tunnel = nil
        startTLSOrFinish()
    }
}
#endif
