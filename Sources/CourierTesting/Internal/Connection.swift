import CourierSockets
import Foundation

/// Serves one accepted connection on its own thread: reads requests, records them, writes the scripted
/// responses, and applies the scripted faults. Never shared between threads.
final class Connection {
    /// How the connection ends after a request.
    enum Next {
        /// Keep it open for the next request.
        case keepOpen
        /// Close with a FIN, after letting the client's remaining input drain (so the close cannot become an
        /// RST that destroys the response in flight).
        case closeGracefully
        /// Close at once.
        case close
        /// Close with a TCP RST.
        case reset
    }

    let fd: Int32
    let id: Int
    let core: ServerCore
    let reader: SocketReader
    private var configuration: MockWebServer.Configuration { core.configuration }
    private var requestsServed = 0
    /// Bytes to send on the next `flush()`.
    var output: [UInt8] = []

    #if canImport(COpenSSL)
    /// The TLS session of an HTTPS connection, nil for plain HTTP.
    let tls: ServerTLSSession?
    #endif

    init(fd: Int32, id: Int, core: ServerCore) {
        self.fd = fd
        self.id = id
        self.core = core
        self.reader = SocketReader(fd: fd, lifecycle: core.lifecycle)
        #if canImport(COpenSSL)
        self.tls = nil
        #endif
    }

    #if canImport(COpenSSL)
    /// A connection served over `tls` (on `fd`).
    init(fd: Int32, id: Int, core: ServerCore, tls: ServerTLSSession) {
        self.fd = fd
        self.id = id
        self.core = core
        self.reader = SocketReader(fd: fd, lifecycle: core.lifecycle, tls: tls)
        self.tls = tls
    }
    #endif

    /// Sends bytes on the connection: through TLS when it has it, else straight to the socket. Returns the
    /// count sent, or 0 or less on failure (errno set for a plain socket).
    func send(_ bytes: UnsafeRawBufferPointer) -> Int {
        let sent: Int
        #if canImport(COpenSSL)
        if let tls {
            sent = tls.send(bytes) ? bytes.count : 0
        } else {
            sent = POSIX.send(fd, bytes)
        }
        #else
        sent = POSIX.send(fd, bytes)
        #endif
        if sent > 0 { core.bytesSent.withLock { $0 += Int64(sent) } }
        return sent
    }

    /// Serves requests until the connection ends. The caller closes the descriptor afterwards.
    func run() {
        #if canImport(COpenSSL)
        if let tls {
            if let failure = tls.handshake(deadline: SocketReader.deadline(after: configuration.readTimeout.seconds)) {
                guard !core.lifecycle.isStopped, failure != "stopped" else { return }
                core.recordMalformed(MalformedRequest(kind: .tlsHandshakeFailed, detail: failure, connectionID: id, respondedStatus: nil))
                // Let the alert reach the client before the close: closing with its unread bytes (a TLS 1.3
                // client sends its request right after its Finished) would reset the connection instead.
                POSIX.shutdownWrite(fd)
                SocketReader(fd: fd, lifecycle: core.lifecycle).drain(quietPeriod: 1, limit: 1 << 20)
                return
            }
        }
        #endif
        var next = Next.keepOpen
        if speaksHTTP2() { next = HTTP2ServerConnection(self)?.run() ?? .close }
        while next == .keepOpen, !core.lifecycle.isStopped {
            next = serveOne()
        }
        switch next {
        case .closeGracefully where !core.lifecycle.isStopped:
            closeTLS()
            POSIX.shutdownWrite(fd)
            reader.drain(quietPeriod: 1, limit: 16 * 1024 * 1024)
        case .reset:
            POSIX.setResetOnClose(fd)
        default:
            closeTLS()
        }
    }

    /// Whether the client speaks HTTP/2: ALPN selected `h2`, or the connection opens with the HTTP/2 preface
    /// (prior knowledge; no HTTP/1.1 request line starts `PRI * HTTP/2.0`).
    private func speaksHTTP2() -> Bool {
        #if canImport(COpenSSL)
        if tls?.selectedHTTP2 == true { return true }
        #endif
        let prefaceLine = HTTP2FrameDecoder.clientPreface.prefix(16)
        while true {
            let head = reader.peek(prefaceLine.count)
            guard head.elementsEqual(prefaceLine.prefix(head.count)) else { return false }
            if head.count == prefaceLine.count { return true }
            do {
                try reader.fill(timeout: configuration.idleTimeout.seconds)
            } catch {
                return false
            }
        }
    }

    /// Sends TLS close_notify on an HTTPS connection (nothing for plain HTTP).
    private func closeTLS() {
        #if canImport(COpenSSL)
        tls?.close()
        #endif
    }

    // MARK: Reading a request

    private func serveOne() -> Next {
        let request: RecordedRequest
        let keepAlive: Bool
        do {
            guard let received = try readRequest() else { return .close }
            (request, keepAlive) = received
        } catch {
            core.recordMalformed(MalformedRequest(kind: error.kind, detail: error.detail, connectionID: id, respondedStatus: error.status))
            guard let status = error.status else { return .close }
            writeError(status: status, detail: error.detail)
            return .closeGracefully
        }
        requestsServed += 1
        let recorded = core.record(request)
        let response = core.response(for: recorded)
        return write(response, to: recorded, clientKeepsAlive: keepAlive)
    }

    /// Reads one request; nil when the connection ended cleanly (or went idle) between requests.
    private func readRequest() throws(RequestHead.Failure) -> (RecordedRequest, Bool)? {
        let readTimeout = configuration.readTimeout.seconds
        if reader.buffered == 0 {
            do {
                try reader.fill(timeout: configuration.idleTimeout.seconds)
            } catch {
                return nil  // closed, idle too long, or stopping: no request was started
            }
        }
        var budget = configuration.maxHeaderBytes
        // The whole request line and header section share one deadline (a slowloris trickle is cut off).
        let headerDeadline = SocketReader.deadline(after: readTimeout)
        var head: RequestHead? = nil
        var skippedEmptyLines = 0
        while true {
            let line: [UInt8]
            do {
                line = try reader.readLine(limit: budget, deadline: headerDeadline)
            } catch {
                throw headFailure(error, budget: configuration.maxHeaderBytes)
            }
            budget -= line.count + 2
            if head == nil {
                if line.isEmpty {  // RFC 9112 §2.2: ignore empty lines before the request line
                    skippedEmptyLines += 1
                    guard skippedEmptyLines <= 8 else {
                        throw RequestHead.Failure(kind: .badRequestLine, detail: "only empty lines", status: 400)
                    }
                    continue
                }
                head = try RequestHead(requestLine: line)
            } else if line.isEmpty {
                break
            } else {
                try head?.addHeader(line: line)
            }
        }
        guard let head else { return nil }
        try head.validateHost()
        let framing = try head.framing()
        if case .length(let length) = framing, let maximum = configuration.maxBodyBytes, length > maximum {
            throw RequestHead.Failure(kind: .bodyTooLarge, detail: "Content-Length \(length) exceeds the limit of \(maximum) bytes", status: 413)
        }
        if framing != .none, head.expectsContinue {
            output.append(contentsOf: "HTTP/1.1 100 Continue\r\n\r\n".utf8)
            guard flush() else {
                throw RequestHead.Failure(kind: .incompleteRequest, detail: "client went away before 100 Continue", status: nil)
            }
        }
        let body = try readBody(framing)
        let request = RecordedRequest(
            method: head.method, target: head.target, version: head.version, headers: head.headers,
            body: body.data, bodySize: body.size, chunkSizes: body.chunkSizes, trailers: body.trailers,
            sequenceNumber: 0, connectionID: id, connectionSequenceNumber: requestsServed
        )
        return (request, head.wantsKeepAlive)
    }

    private func headFailure(_ error: SocketReader.Failure, budget: Int) -> RequestHead.Failure {
        switch error {
        case .lineTooLong:
            RequestHead.Failure(kind: .headerSectionTooLarge, detail: "request line and headers exceed \(budget) bytes", status: 431)
        case .timedOut:
            RequestHead.Failure(kind: .timedOut, detail: "client stopped sending in the middle of the request headers", status: nil)
        case .closed:
            RequestHead.Failure(kind: .incompleteRequest, detail: "client closed the connection in the middle of the request headers", status: nil)
        case .stopped:
            RequestHead.Failure(kind: .incompleteRequest, detail: "server shut down while reading the request headers", status: nil)
        }
    }

    private func bodyFailure(_ error: SocketReader.Failure, received: Int64, expected: String) -> RequestHead.Failure {
        switch error {
        case .timedOut:
            RequestHead.Failure(kind: .timedOut, detail: "client stopped sending the body after \(received) of \(expected) bytes", status: nil)
        case .lineTooLong:
            RequestHead.Failure(kind: .badChunk, detail: "chunk size line or trailer too long", status: 400)
        case .closed, .stopped:
            RequestHead.Failure(kind: .incompleteRequest, detail: "connection closed after \(received) of \(expected) body bytes", status: nil)
        }
    }

    private struct ReceivedBody {
        var data = Data()
        var size: Int64 = 0
        var chunkSizes: [Int]?
        var trailers = MockHeaders()
    }

    private func readBody(_ framing: RequestHead.Framing) throws(RequestHead.Failure) -> ReceivedBody {
        var body = ReceivedBody()
        switch framing {
        case .none:
            return body
        case .length(let length):
            try readBytes(length, into: &body, expected: "\(length)")
            return body
        case .chunked:
            body.chunkSizes = []
            let timeout = configuration.readTimeout.seconds
            while true {
                let line: [UInt8]
                do {
                    line = try reader.readLine(limit: 4096, timeout: timeout)
                } catch {
                    throw bodyFailure(error, received: body.size, expected: "chunked")
                }
                let size = try RequestHead.chunkSize(line: line)
                if size == 0 { break }
                if let maximum = configuration.maxBodyBytes, body.size + size > maximum {
                    throw RequestHead.Failure(kind: .bodyTooLarge, detail: "chunked body exceeds the limit of \(maximum) bytes", status: 413)
                }
                if (body.chunkSizes?.count ?? 0) < 100_000 { body.chunkSizes?.append(Int(size)) }
                try readBytes(size, into: &body, expected: "chunked")
                let terminator: [UInt8]
                do {
                    terminator = try reader.readLine(limit: 2, timeout: timeout)
                } catch {
                    throw error == .lineTooLong
                        ? RequestHead.Failure(kind: .badChunk, detail: "chunk data longer than its size \(size)", status: 400)
                        : bodyFailure(error, received: body.size, expected: "chunked")
                }
                guard terminator.isEmpty else {
                    throw RequestHead.Failure(kind: .badChunk, detail: "chunk data longer than its size \(size)", status: 400)
                }
            }
            var trailers = MockHeaders()
            var budget = configuration.maxHeaderBytes
            while true {
                let line: [UInt8]
                do {
                    line = try reader.readLine(limit: budget, timeout: timeout)
                } catch {
                    throw bodyFailure(error, received: body.size, expected: "chunked")
                }
                if line.isEmpty { break }
                budget -= line.count + 2
                let field = try RequestHead.field(line: line)
                trailers.add(name: field.name, value: field.value)
            }
            body.trailers = trailers
            return body
        }
    }

    private func readBytes(_ count: Int64, into body: inout ReceivedBody, expected: String) throws(RequestHead.Failure) {
        var remaining = count
        let timeout = configuration.readTimeout.seconds
        let recordLimit = configuration.maxRecordedBodyBytes
        while remaining > 0 {
            let slice: ArraySlice<UInt8>
            do {
                slice = try reader.read(upTo: Int(min(remaining, 1 << 20)), timeout: timeout)
            } catch {
                throw bodyFailure(error, received: body.size, expected: expected)
            }
            remaining -= Int64(slice.count)
            body.size += Int64(slice.count)
            let room = recordLimit - body.data.count
            if room > 0 { body.data.append(contentsOf: slice.prefix(room)) }
        }
    }
}
