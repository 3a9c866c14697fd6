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
    private var output: [UInt8] = []

    init(fd: Int32, id: Int, core: ServerCore) {
        self.fd = fd
        self.id = id
        self.core = core
        self.reader = SocketReader(fd: fd, lifecycle: core.lifecycle)
    }

    /// Serves requests until the connection ends. The caller closes the descriptor afterwards.
    func run() {
        var next = Next.keepOpen
        while next == .keepOpen, !core.lifecycle.isStopped {
            next = serveOne()
        }
        switch next {
        case .closeGracefully where !core.lifecycle.isStopped:
            POSIX.shutdownWrite(fd)
            reader.drain(quietPeriod: 1, limit: 16 * 1024 * 1024)
        case .reset:
            POSIX.setResetOnClose(fd)
        default:
            break
        }
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
        var head: RequestHead? = nil
        var skippedEmptyLines = 0
        while true {
            let line: [UInt8]
            do {
                line = try reader.readLine(limit: budget, timeout: readTimeout)
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
                trailers.add(field.name, field.value)
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

    // MARK: Writing

    /// Sends `output` and empties it. False if the client is gone.
    private func flush() -> Bool {
        defer { output.removeAll(keepingCapacity: true) }
        return output.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = POSIX.send(fd, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                if sent > 0 {
                    offset += sent
                } else if sent < 0 && POSIX.errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }

    private func writeError(status: Int, detail: String) {
        let body = Array("\(detail)\n".utf8)
        let head = "HTTP/1.1 \(status) \(ReasonPhrase.for(status))\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        output.append(contentsOf: head.utf8)
        output.append(contentsOf: body)
        _ = flush()
    }

    private func write(_ response: MockResponse, to request: RecordedRequest, clientKeepsAlive: Bool) -> Next {
        let lifecycle = core.lifecycle
        guard lifecycle.sleep(seconds: response.headersDelay.seconds) else { return .close }
        switch response.socketPolicy {
        case .disconnectAfterRequest: return .closeGracefully
        case .reset: return .reset
        case .noResponse:
            reader.waitForClose()
            return .close
        default: break
        }

        let stream: BodyStream
        do {
            stream = try BodyStream(response.body)
        } catch {
            writeError(status: 500, detail: "MockWebServer cannot open the response body: \(error)")
            return .closeGracefully
        }
        let status = response.status
        let statusForbidsBody = (100..<200).contains(status) || status == 204 || status == 304
        let sendsBody = !statusForbidsBody && request.method != "HEAD"
        var headers = response.headers
        var chunkLimit: Int? = nil
        var closeAfter = !clientKeepsAlive || response.socketPolicy == .closeAfterResponse
            || headers.values(for: "Connection").contains { $0.lowercased().contains("close") }
        if !statusForbidsBody {
            switch response.transfer {
            case .contentLength:
                if !headers.contains("Content-Length") && !headers.contains("Transfer-Encoding") {
                    headers.add("Content-Length", String(stream.length))
                }
            case .chunked(let maxChunkSize):
                chunkLimit = max(1, maxChunkSize)
                if !headers.contains("Transfer-Encoding") { headers.add("Transfer-Encoding", "chunked") }
            case .untilClose:
                closeAfter = true
            }
        }
        if closeAfter {
            if !headers.contains("Connection") { headers.add("Connection", "close") }
        } else if request.version == "HTTP/1.0" && !headers.contains("Connection") {
            headers.add("Connection", "keep-alive")
        }

        var head = (response.rawStatusLine ?? "HTTP/1.1 \(status) \(response.reason ?? ReasonPhrase.for(status))") + "\r\n"
        for field in headers { head += "\(field.name): \(field.value)\r\n" }
        head += "\r\n"
        output.append(contentsOf: head.utf8)

        if response.socketPolicy == .disconnectAfterHeaders {
            return flush() ? .closeGracefully : .close
        }
        if response.bodyDelay > .zero || response.throttle != nil {
            guard flush() else { return .close }
        }
        guard lifecycle.sleep(seconds: response.bodyDelay.seconds) else { return .close }

        var cut: (bytes: Int64, reset: Bool)? = nil
        switch response.socketPolicy {
        case .disconnectDuringBody(let bytes): cut = (max(0, bytes), false)
        case .resetDuringBody(let bytes): cut = (max(0, bytes), true)
        default: break
        }

        if sendsBody {
            let sliceLimit = min(response.throttle?.bytes ?? BodyStream.maxSlice, chunkLimit ?? BodyStream.maxSlice, BodyStream.maxSlice)
            var sent: Int64 = 0
            while true {
                var want = Int64(sliceLimit)
                if let cut {
                    want = min(want, cut.bytes - sent)
                    if want <= 0 { break }
                }
                let slice = stream.next(maximum: Int(want))
                if slice.isEmpty { break }
                if chunkLimit != nil {
                    output.append(contentsOf: (String(slice.count, radix: 16) + "\r\n").utf8)
                    output.append(contentsOf: slice)
                    output.append(contentsOf: "\r\n".utf8)
                } else {
                    output.append(contentsOf: slice)
                }
                sent += Int64(slice.count)
                if let throttle = response.throttle {
                    guard flush(), lifecycle.sleep(seconds: throttle.interval.seconds) else { return .close }
                } else if output.count >= BodyStream.maxSlice {
                    guard flush() else { return .close }
                }
            }
            if let cut, sent >= cut.bytes, sent < stream.length || chunkLimit != nil {
                guard flush() else { return .close }
                return cut.reset ? .reset : .closeGracefully
            }
            if sent < stream.length {  // a file shrank while being sent: the body cannot be completed
                _ = flush()
                return .close
            }
            if chunkLimit != nil { output.append(contentsOf: "0\r\n\r\n".utf8) }
        }
        guard flush() else { return .close }
        if let cut { return cut.reset ? .reset : .closeGracefully }
        return closeAfter ? .closeGracefully : .keepOpen
    }
}
