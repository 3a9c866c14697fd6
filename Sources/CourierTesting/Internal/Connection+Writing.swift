import Courier
import Foundation

/// Writing responses, with the scripted faults applied.
extension Connection {
    /// Sends `output` and empties it. False if the client is gone.
    func flush() -> Bool {
        defer { output.removeAll(keepingCapacity: true) }
        return output.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = send(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
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

    /// The reason phrase for a status line: Courier's RFC 9110 phrase, or `Status 799` for a code without one.
    static func reasonPhrase(for status: Int) -> String {
        HTTPStatusFailure.reasonPhrase(for: status) ?? "Status \(status)"
    }

    /// Answers a refused request with `status` and `detail` as a text body, announcing the close.
    func writeError(status: Int, detail: String) {
        let body = Array("\(detail)\n".utf8)
        let head = "HTTP/1.1 \(status) \(Self.reasonPhrase(for: status))\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        output.append(contentsOf: head.utf8)
        output.append(contentsOf: body)
        _ = flush()
    }

    /// Sends `response` to `request` as scripted (delays, throttling, cut-offs) and says how the connection
    /// ends.
    func write(_ response: MockResponse, to request: RecordedRequest, clientKeepsAlive: Bool) -> Next {
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
        if let raw = response.raw { return writeRaw(raw, policy: response.socketPolicy) }
        if let socket = response.webSocket { return serveWebSocket(socket, response: response, request: request) }

        let stream: BodyStream
        do {
            stream = try BodyStream(response.body)
        } catch {
            writeError(status: 500, detail: "MockWebServer cannot open the response body: \(error)")
            return .closeGracefully
        }
        let plan = Plan(response, request: request, bodyLength: stream.length, clientKeepsAlive: clientKeepsAlive)
        output.append(contentsOf: plan.head.utf8)

        if response.socketPolicy == .disconnectAfterHeaders {
            return flush() ? .closeGracefully : .close
        }
        if response.bodyDelay > .zero || response.throttle != nil {
            guard flush() else { return .close }
        }
        guard lifecycle.sleep(seconds: response.bodyDelay.seconds) else { return .close }
        if plan.sendsBody, let early = writeBody(stream, response: response, chunkLimit: plan.chunkLimit) {
            return early
        }
        guard flush() else { return .close }
        switch response.socketPolicy {
        case .disconnectDuringBody: return .closeGracefully  // cut-off beyond the body's end: close after it
        case .resetDuringBody: return .reset
        default: return plan.closeAfter ? .closeGracefully : .keepOpen
        }
    }

    /// The status line and headers, and how the body is framed.
    private struct Plan {
        var head: String
        var sendsBody: Bool
        var chunkLimit: Int?
        var closeAfter: Bool

        init(_ response: MockResponse, request: RecordedRequest, bodyLength: Int64, clientKeepsAlive: Bool) {
            let status = response.status
            let statusForbidsBody = (100..<200).contains(status) || status == 204 || status == 304
            sendsBody = !statusForbidsBody && request.method != "HEAD"
            chunkLimit = nil
            var headers = response.headers
            closeAfter = !clientKeepsAlive || response.socketPolicy == .closeAfterResponse
                || headers.values(for: "Connection").contains { $0.lowercased().contains("close") }
            if !statusForbidsBody {
                switch response.transfer {
                case .contentLength:
                    // A Content-Length set by the script wins, so a test can send one that lies.
                    if !headers.contains("Content-Length") && !headers.contains("Transfer-Encoding") {
                        headers.add(name: "Content-Length", value: String(bodyLength))
                    }
                case .chunked(let maxChunkSize):
                    chunkLimit = max(1, maxChunkSize)
                    if !headers.contains("Transfer-Encoding") { headers.add(name: "Transfer-Encoding", value: "chunked") }
                case .untilClose:
                    closeAfter = true
                }
            }
            if closeAfter {
                if !headers.contains("Connection") { headers.add(name: "Connection", value: "close") }
            } else if request.version == "HTTP/1.0" && !headers.contains("Connection") {
                headers.add(name: "Connection", value: "keep-alive")
            }
            var head = (response.rawStatusLine ?? "HTTP/1.1 \(status) \(response.reason ?? Connection.reasonPhrase(for: status))") + "\r\n"
            for field in headers { head += "\(field.name): \(field.value)\r\n" }
            self.head = head + "\r\n"
        }
    }

    /// Sends the body in slices (chunk-framed if `chunkLimit` is set), throttled and cut off as scripted.
    /// Returns how the connection ends if the body ended it early, nil once the body is complete.
    private func writeBody(_ stream: BodyStream, response: MockResponse, chunkLimit: Int?) -> Next? {
        var cut: (bytes: Int64, reset: Bool)? = nil
        switch response.socketPolicy {
        case .disconnectDuringBody(let bytes): cut = (max(0, bytes), false)
        case .resetDuringBody(let bytes): cut = (max(0, bytes), true)
        default: break
        }
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
                guard flush(), core.lifecycle.sleep(seconds: throttle.interval.seconds) else { return .close }
            } else if output.count >= BodyStream.maxSlice {
                guard flush() else { return .close }
            }
        }
        // Cut off before the end (a chunked body is cut even at its end: its terminator is never sent).
        if let cut, sent >= cut.bytes, sent < stream.length || chunkLimit != nil {
            guard flush() else { return .close }
            return cut.reset ? .reset : .closeGracefully
        }
        if sent < stream.length {  // a file shrank while being sent: the body cannot be completed
            _ = flush()
            return .close
        }
        if chunkLimit != nil { output.append(contentsOf: "0\r\n\r\n".utf8) }
        return nil
    }

    /// Sends scripted bytes verbatim, piece by piece with the pause between, cut off as the policy says.
    private func writeRaw(_ raw: MockResponse.Raw, policy: MockResponse.SocketPolicy) -> Next {
        var cut: Int64? = nil
        switch policy {
        case .disconnectDuringBody(let bytes), .resetDuringBody(let bytes): cut = max(0, bytes)
        default: break
        }
        var sent: Int64 = 0
        for (index, piece) in raw.pieces.enumerated() {
            if let cut, sent >= cut { break }
            if index > 0 {
                guard core.lifecycle.sleep(seconds: raw.pause.seconds) else { return .close }
            }
            let slice = cut.map { piece.prefix(Int(min($0 - sent, Int64(piece.count)))) } ?? piece
            output.append(contentsOf: slice)
            guard flush() else { return .close }
            sent += Int64(slice.count)
        }
        switch policy {
        case .keepAlive: return .keepOpen
        case .resetDuringBody: return .reset
        default: return .closeGracefully
        }
    }
}
