#if !canImport(FoundationNetworking)
import CourierHTTP
import Foundation

/// A WebSocket over a `URLSessionWebSocketTask` (Apple platforms; Linux URLSession's libcurl has none), made by
/// `URLSessionTransport.webSocket`: the same `WebSocketChannel` as `SocketTransport`'s, its failures mapped onto
/// `WebSocketError`. URLSession frames, masks, answers pings and runs the close handshake; `close` starts the
/// handshake and returns without waiting for it. Not offered here: keep-alive pings and permessage-deflate.
///
/// `@unchecked Sendable` is safe: the only state is the task (URLSession tasks may be called from any thread)
/// and the immutable subprotocol.
final class URLSessionWebSocketChannel: WebSocketChannel, @unchecked Sendable {
    private let task: URLSessionWebSocketTask
    let subprotocol: String?

    init(task: URLSessionWebSocketTask, subprotocol: String?) {
        self.task = task
        self.subprotocol = subprotocol
    }

    func send(_ message: WebSocketMessage) async throws {
        let outgoing: URLSessionWebSocketTask.Message = switch message {
        case .text(let text): .string(text)
        case .binary(let data): .data(data)
        }
        do {
            try await task.send(outgoing)
        } catch {
            throw failure(error)
        }
    }

    func receive() async throws -> WebSocketMessage? {
        let incoming: URLSessionWebSocketTask.Message
        do {
            incoming = try await task.receive()
        } catch {
            if closeCode != nil { return nil }  // after the close handshake
            throw failure(error)
        }
        switch incoming {
        case .string(let text): return .text(text)
        case .data(let data): return .binary(data)
        @unknown default: throw WebSocketError.protocolViolation("URLSession delivered a kind of message Courier does not know")
        }
    }

    func ping() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            task.sendPing { error in
                if let error { continuation.resume(throwing: self.failure(error)) } else { continuation.resume() }
            }
        }
    }

    func close(code: WebSocketCloseCode, reason: String) async throws {
        try WebSocketCloseCode.checkSending(code, reason: reason)
        // URLSession's close codes are an Objective-C enum, which holds any code (4000 included).
        let urlCode = URLSessionWebSocketTask.CloseCode(rawValue: Int(code.rawValue)) ?? .normalClosure
        task.cancel(with: urlCode, reason: Data(reason.utf8))
    }

    var closeCode: WebSocketCloseCode? {
        let code = task.closeCode
        return code == .invalid ? nil : WebSocketCloseCode(rawValue: UInt16(clamping: code.rawValue))
    }

    var closeReason: String {
        task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// URLSession's error as `SocketTransport` reports the same event: a message over the size limit, the peer's
    /// close, a cancelled task, else a lost connection.
    private func failure(_ error: any Error) -> any Error {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain, nsError.code == Int(EMSGSIZE) {
            return WebSocketError(.messageTooBig, closeCode: .messageTooBig, "a message was larger than the limit (\(task.maximumMessageSize) bytes)")
        }
        if let code = closeCode {
            return WebSocketError(.closed, closeCode: code, "the WebSocket is closed (\(code)) \(closeReason)")
        }
        if case .cancelled = NetworkError.from(error) { return NetworkError.cancelled }
        return WebSocketError(.connectionLost, closeCode: .abnormalClosure, "the connection ended without the close handshake: \(nsError.localizedDescription)")
    }
}
#endif
