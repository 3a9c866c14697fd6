#if canImport(COpenSSL)
import Courier
@testable import CourierSockets
import Foundation
import Glibc

/// A small poll()-driven HTTPS client over `TLSConnection` on a real non-blocking loopback socket, as an
/// event loop drives it: handshake, write a request, read the response. Waits are bounded only as hang guards.
final class TLSTestClient {
    /// A failure of the test client itself (not of TLS).
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A response read until the server closed the connection.
    struct Response {
        let status: Int
        let head: String
        let body: [UInt8]
    }

    let fd: Int32
    let connection: TLSConnection

    /// Connects to 127.0.0.1:`port` without blocking and prepares TLS for `serverName`.
    init(port: UInt16, serverName: String, context: TLSContext) throws {
        let fd = try LoopbackSocket.connect(port: port)
        self.fd = fd
        do {
            connection = try TLSConnection(context: context, fd: fd, serverName: serverName)
        } catch {
            close(fd)
            throw error
        }
    }

    deinit {
        close(fd)
    }

    /// Drives the handshake to completion.
    func handshake() throws {
        while true {
            switch try connection.handshake() {
            case .done: return
            case .wantRead: try waitFor(Int16(POLLIN))
            case .wantWrite: try waitFor(Int16(POLLOUT))
            }
        }
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let outcome = try bytes.withUnsafeBytes { try connection.write(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            switch outcome {
            case .wrote(let count): offset += count
            case .wantRead: try waitFor(Int16(POLLIN))
            case .wantWrite: try waitFor(Int16(POLLOUT))
            }
        }
    }

    /// Reads until the server closes the connection (send `Connection: close`).
    func readToEnd() throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let outcome = try buffer.withUnsafeMutableBytes { try connection.read(into: $0) }
            switch outcome {
            case .bytes(let count): received.append(contentsOf: buffer[..<count])
            case .wantRead: try waitFor(Int16(POLLIN))
            case .wantWrite: try waitFor(Int16(POLLOUT))
            case .closed: return received
            }
        }
    }

    /// Handshake, `request`, the whole response.
    func exchange(_ request: String, body: [UInt8] = []) throws -> Response {
        try handshake()
        try write(Array(request.utf8) + body)
        let bytes = try readToEnd()
        connection.shutdown()
        guard let end = bytes.firstRange(of: [13, 10, 13, 10]) else {
            throw Failure(description: "no complete response head in \(bytes.count) bytes")
        }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
        return Response(status: status, head: head, body: Array(bytes[end.upperBound...]))
    }

    /// One `GET path` with `Connection: close` over a new connection.
    static func get(
        port: UInt16, serverName: String = "127.0.0.1", configuration: TLSConfiguration, path: String = "/"
    ) throws -> Response {
        let client = try TLSTestClient(port: port, serverName: serverName, context: try TLSContext(configuration: configuration))
        return try client.exchange("GET \(path) HTTP/1.1\r\nHost: \(serverName)\r\nConnection: close\r\n\r\n")
    }

    /// Waits until the socket is readable (a hang guard bounds it).
    func readReady() throws -> Bool {
        try waitFor(Int16(POLLIN))
        return true
    }

    /// Waits until the kernel holds at least `count` unread bytes of the socket (a blocking `MSG_PEEK | MSG_WAITALL`
    /// receive, bounded by a 10 s receive time-out as the hang guard), then makes the socket non-blocking again.
    func waitForBufferedBytes(_ count: Int) throws {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        var guardTime = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &guardTime, socklen_t(MemoryLayout<timeval>.size))
        var peeked = [UInt8](repeating: 0, count: count)
        let received = recv(fd, &peeked, count, Int32(MSG_PEEK | MSG_WAITALL))
        guard received == count else { throw Failure(description: "only \(received) bytes arrived within the hang guard") }
    }

    private func waitFor(_ events: Int16) throws {
        guard LoopbackSocket.wait(fd, for: events) else { throw Failure(description: "no socket readiness within the hang guard") }
    }
}

/// The `.tls` failure message of `error`, or nil if it is another error.
func tlsMessage(_ error: any Error) -> String? {
    if case NetworkError.transport(let failure) = error, failure.kind == .tls { return failure.message }
    return nil
}
#endif
