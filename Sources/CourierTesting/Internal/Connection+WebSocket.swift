import Courier
import CourierSockets
import Foundation

/// The server side of the WebSocket opening handshake (RFC 6455 §4.2), then the scripted session.
extension Connection {
    /// Answers `request` with `101 Switching Protocols` and runs `socket`'s script, or answers `400` when the
    /// request is not a valid WebSocket Upgrade.
    func serveWebSocket(_ socket: MockWebSocket, response: MockResponse, request: RecordedRequest) -> Next {
        let headers = request.headers
        let key = headers["Sec-WebSocket-Key"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let problem: String? =
            if request.method != "GET" { "a WebSocket handshake must be a GET, not \(request.method)" }
            else if !Self.hasToken("websocket", in: headers.values(for: "Upgrade")) { "no 'Upgrade: websocket'" }
            else if !Self.hasToken("upgrade", in: headers.values(for: "Connection")) { "no 'Connection: Upgrade'" }
            else if headers["Sec-WebSocket-Version"] != "13" { "Sec-WebSocket-Version is not 13" }
            else if Data(base64Encoded: key)?.count != 16 { "Sec-WebSocket-Key is not 16 bytes in base64" }
            else { nil }
        if let problem {
            socket.record { $0.failure = WebSocketError(.handshakeFailed, problem) }
            socket.finish()
            writeError(status: 400, detail: problem)
            return .closeGracefully
        }
        socket.notify { [core] in core.noteChange() }
        let compression = socket.acceptsCompression ? Self.acceptedCompression(headers) : nil
        var head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(WebSocketHandshake.accept(forKey: key))\r\n"
        if let subprotocol = socket.subprotocol { head += "Sec-WebSocket-Protocol: \(subprotocol)\r\n" }
        if let compression { head += "Sec-WebSocket-Extensions: \(compression.response.headerValue)\r\n" }
        for field in response.headers { head += "\(field.name): \(field.value)\r\n" }
        output.append(contentsOf: (head + "\r\n").utf8)
        socket.record {
            $0.subprotocol = socket.subprotocol
            $0.extensions = compression?.response.headerValue
        }
        guard flush() else {
            socket.finish()
            return .close
        }
        do {
            return try MockWebSocketSession(connection: self, socket: socket, compression: compression).run()
        } catch {
            socket.record { $0.failure = error }
            socket.finish()
            return .close
        }
    }

    /// The permessage-deflate parameters granted to the client's offers (none without zlib).
    private static func acceptedCompression(_ headers: MockHeaders) -> PerMessageDeflate? {
        #if canImport(CZlib)
        guard let offers = try? WebSocketExtension.parse(headers.values(for: "Sec-WebSocket-Extensions")) else { return nil }
        return PerMessageDeflate.accept(offers)
        #else
        return nil
        #endif
    }

    /// Whether a comma-separated header holds `token` (any case).
    private static func hasToken(_ token: String, in values: [String]) -> Bool {
        values.flatMap { $0.split(separator: ",") }.contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == token }
    }
}
