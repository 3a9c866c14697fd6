import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP client for byte-exact tests: sends what it is told and reports exactly what came back,
/// including resets. Sends never raise SIGPIPE.
final class RawClient {
    enum ReadEnd: Equatable {
        /// The server closed the connection (FIN).
        case closed
        /// The server reset the connection (RST).
        case reset
        /// Nothing more arrived within the timeout; the connection is still open.
        case timedOut
    }

    let fd: Int32
    /// Bytes received but not consumed by `readResponse` yet (the start of a pipelined next response).
    private var pending = Data()

    init(port: UInt16) throws {
        #if canImport(Darwin)
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            // No close here: every stored property is set, so `deinit` runs for this failed init and closes the
            // socket. Closing it twice would close whatever descriptor a parallel test had opened meanwhile.
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED)
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Sends all of `data`; false if the connection is gone (EPIPE / ECONNRESET).
    @discardableResult
    func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Darwin)
                let sent = Darwin.send(fd, bytes.baseAddress! + offset, bytes.count - offset, 0)
                #else
                let sent = Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                #endif
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    @discardableResult
    func send(_ text: String) -> Bool {
        send(Data(text.utf8))
    }

    /// Reads until the server closes or resets, or `timeout` seconds pass without data.
    func readToEnd(timeout: Double = HangGuard.seconds) -> (data: Data, end: ReadEnd) {
        var data = Data()
        while true {
            switch readSome(timeout: timeout) {
            case .bytes(let chunk): data.append(chunk)
            case .end(let end): return (data, end)
            }
        }
    }

    /// Reads until `data` contains `count` bytes or the stream ends.
    func read(count: Int, timeout: Double = HangGuard.seconds) -> (data: Data, end: ReadEnd?) {
        var data = Data()
        while data.count < count {
            switch readSome(timeout: timeout, maximum: count - data.count) {
            case .bytes(let chunk): data.append(chunk)
            case .end(let end): return (data, end)
            }
        }
        return (data, nil)
    }

    enum Piece {
        case bytes(Data)
        case end(ReadEnd)
    }

    func readSome(timeout: Double, maximum: Int = 65536) -> Piece {
        if !pending.isEmpty {
            let chunk = pending.prefix(maximum)
            pending = Data(pending.dropFirst(chunk.count))
            return .bytes(Data(chunk))
        }
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(timeout * 1000)) > 0 else { return .end(.timedOut) }
        var buffer = [UInt8](repeating: 0, count: max(1, min(maximum, 65536)))
        let count = recv(fd, &buffer, buffer.count, 0)
        if count > 0 { return .bytes(Data(buffer[0..<count])) }
        if count == 0 { return .end(.closed) }
        return .end(errno == ECONNRESET ? .reset : .closed)
    }

    /// Reads one complete response (status line, headers, and a body framed by Content-Length or chunked).
    func readResponse(timeout: Double = HangGuard.seconds, isHead: Bool = false) throws -> RawResponse {
        var pending = self.pending
        self.pending = Data()
        let separator = Data("\r\n\r\n".utf8)
        while pending.range(of: separator) == nil {
            guard case .bytes(let chunk) = readSome(timeout: timeout) else { throw RawResponse.Failure.incomplete(pending) }
            pending.append(chunk)
        }
        let headEnd = pending.range(of: separator)!
        let headText = String(decoding: pending[..<headEnd.lowerBound], as: UTF8.self)
        var rest = Data(pending[headEnd.upperBound...])
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let statusParts = statusLine.split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw RawResponse.Failure.badStatusLine(statusLine) }
        var headers: [(String, String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var response = RawResponse(statusLine: statusLine, status: status, headers: headers, body: Data())
        func fill(_ needed: Int) throws {
            while rest.count < needed {
                guard case .bytes(let chunk) = readSome(timeout: timeout) else { throw RawResponse.Failure.incomplete(rest) }
                rest.append(chunk)
            }
        }
        defer { self.pending = rest }
        if isHead || status == 204 || status == 304 || (100..<200).contains(status) {
            return response
        }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            while true {
                while rest.range(of: Data("\r\n".utf8)) == nil { try fill(rest.count + 1) }
                let lineEnd = rest.range(of: Data("\r\n".utf8))!
                let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? -1
                guard size >= 0 else { throw RawResponse.Failure.incomplete(rest) }
                rest = Data(rest[lineEnd.upperBound...])
                try fill(size + 2)
                response.body.append(rest.prefix(size))
                response.chunkSizes.append(size)
                rest = Data(rest.dropFirst(size + 2))
                if size == 0 { break }
            }
        } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            try fill(length)
            response.body = rest.prefix(length)
            rest = Data(rest.dropFirst(length))
        }
        return response
    }
}

/// A response as `RawClient` parsed it.
struct RawResponse {
    enum Failure: Error {
        case incomplete(Data)
        case badStatusLine(String)
    }

    var statusLine: String
    var status: Int
    var headers: [(String, String)]
    var body: Data
    var chunkSizes: [Int] = []

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Runs blocking socket code on a thread of its own, so a test waiting on a socket never holds one of the few
/// threads of Swift's cooperative pool (which the other tests running in parallel need).
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    // A thread of its own: Dispatch's global queues on Linux share threads with Swift's cooperative pool, so
    // blocking there can stall every other test.
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}

/// Hands a value that is not `Sendable` (a `RawClient`) to `offPool` and back.
///
/// `@unchecked Sendable` is safe: the test uses the value on one thread at a time, handing it over with `await`.
final class HandOver<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
