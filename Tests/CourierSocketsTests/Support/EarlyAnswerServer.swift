#if os(Linux)
import Foundation
import Glibc

/// A server that answers each request as soon as its head has arrived — before any body, without `100 Continue` —
/// and then counts the bytes the client still sends until it closes: what a server refusing an upload does.
final class EarlyAnswerServer: @unchecked Sendable {
    // Safe: `heads`, `bodyBytes` and `waiters` are only touched under `lock`; `listener` and `answer` are set once
    // in `init`.
    private let lock = NSLock()
    private var heads: [String] = []
    private var bodyBytes: [Int] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private let listener: LoopbackListener
    private let answer: String

    var port: UInt16 { listener.port }

    init(answer: String) throws {
        self.answer = answer
        listener = try LoopbackListener()
        listener.serveEachConnection { [self] in serve($0) }
    }

    /// The request heads received, in order.
    var requests: [String] { lock.withLock { heads } }

    /// For each connection that ended, how many bytes followed the head.
    var bytesAfterHeads: [Int] { lock.withLock { bodyBytes } }

    func shutdown() { listener.shutdown() }

    /// Returns once `count` connections have ended.
    func waitForEndedConnections(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = lock.withLock {
                if bodyBytes.count >= count { return true }
                waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func serve(_ client: Int32) {
        let head = LoopbackListener.readHead(from: client)
        // A connection that sends no whole head is not a request (the port may be one another test's client
        // still knew from a server that had it before): it is neither answered nor counted.
        guard head.hasSuffix("\r\n\r\n") else {
            close(client)
            return
        }
        lock.withLock { heads.append(head) }
        send(client, answer, answer.utf8.count, Int32(MSG_NOSIGNAL))
        var buffer = [UInt8](repeating: 0, count: 65536)
        var total = 0
        while true {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            total += count
        }
        close(client)
        let ready = lock.withLock {
            bodyBytes.append(total)
            let ended = bodyBytes.count
            let ready = waiters.filter { $0.count <= ended }.map(\.continuation)
            waiters.removeAll { $0.count <= ended }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }
}
#endif
