import CourierSockets
import Foundation

/// Raw responses over HTTP/2. Bytes that start as an HTTP/1.1 response are translated piece by piece, with
/// the script's pauses, by CourierSockets' HTTP/1.1 parser: its head becomes HEADERS, its de-chunked body
/// DATA, its end END_STREAM; what that parser refuses resets the stream with PROTOCOL_ERROR, and a response
/// the connection's close would cut short closes the connection. Other bytes (hand-made frames) are written
/// onto the connection as they are.
extension HTTP2ResponseWriter {
    func writeRaw(_ raw: MockResponse.Raw, policy: MockResponse.SocketPolicy) {
        guard raw.pieces.first?.starts(with: Data("HTTP/1.".utf8)) == true else { return writeFrames(raw, policy: policy) }
        var parser = HTTP1ResponseParser()
        parser.expectResponse(toHEAD: request.method == "HEAD")
        for (index, piece) in raw.pieces.enumerated() {
            if index > 0 {
                guard lifecycle.sleep(seconds: raw.pause.seconds) else { return }
            }
            let events: [HTTP1Event]
            do {
                events = try piece.withUnsafeBytes { bytes in try parser.parse(bytes) }
            } catch {
                outbox.send(.reset(.protocolError), on: streamID)
                return
            }
            guard translate(events) else { return }
        }
        guard policy != .keepAlive, !parser.isComplete else { return outbox.waitUntilGone(streamID) }
        // The HTTP/1.1 script ends with the connection's close: what that close completes ends the stream,
        // what it cuts short ends the connection as it would over HTTP/1.1.
        if let events = try? parser.parseEOF() {
            _ = translate(events)
            if parser.isComplete { return }
        }
        _ = outbox.waitUntilWritten(streamID)
        if case .resetDuringBody = policy { outbox.end(.reset) } else { outbox.end(.closeGracefully) }
    }

    /// Queues the HTTP/2 form of parsed HTTP/1.1 events. False once the stream is gone or ended.
    private func translate(_ events: [HTTP1Event]) -> Bool {
        for event in events {
            switch event {
            case .head(let head):
                var fields = [HPACKHeaderField(name: ":status", value: String(head.statusCode))]
                for field in head.headers where !Self.connectionSpecific.contains(field.name.lowercased()) {
                    fields.append(HPACKHeaderField(name: field.name.lowercased(), value: Self.trimmed(field.value)))
                }
                guard outbox.send(.headers(fields, endStream: false), on: streamID) else { return false }
            case .body(let bytes):
                guard outbox.send(.data(bytes, endStream: false), on: streamID) else { return false }
            case .end:
                outbox.send(.data(Data(), endStream: true), on: streamID)
                return false
            case .excess:
                break  // bytes after the response's end: the stream has already ended
            case .continue, .switchingProtocols:
                outbox.send(.reset(.protocolError), on: streamID)
                return false
            }
        }
        return true
    }

    /// Writes scripted bytes as they are onto the connection (hand-made frames), piece by piece.
    private func writeFrames(_ raw: MockResponse.Raw, policy: MockResponse.SocketPolicy) {
        for (index, piece) in raw.pieces.enumerated() {
            if index > 0 {
                guard lifecycle.sleep(seconds: raw.pause.seconds) else { return }
            }
            outbox.sendRaw(Array(piece))
        }
        switch policy {
        case .keepAlive: outbox.waitUntilGone(streamID)
        case .resetDuringBody: outbox.end(.reset)
        default: outbox.end(.closeGracefully)
        }
    }
}
