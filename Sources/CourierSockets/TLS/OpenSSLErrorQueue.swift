#if canImport(COpenSSL)
import COpenSSL
import CourierHTTP

/// OpenSSL's per-thread error queue, read into messages. Event-loop threads serve many connections, so callers
/// clear the queue before each OpenSSL call and drain it after a failure.
package enum OpenSSLErrorQueue {
    /// Empties the calling thread's queue.
    package static func clear() {
        ERR_clear_error()
    }

    /// Empties the calling thread's queue and returns its reasons, oldest first, joined by "; " (for example
    /// `"tlsv13 alert certificate required"`); nil when it was empty.
    package static func drain() -> String? {
        var reasons: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            if let reason = ERR_reason_error_string(code) {
                let text = String(cString: reason)
                if !reasons.contains(text) { reasons.append(text) }
            } else {
                reasons.append("OpenSSL error \(String(code, radix: 16))")
            }
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// A `.tls` transport failure: `message`, then the queue's reasons if there are any (the queue is emptied).
    package static func failure(_ message: String) -> NetworkError {
        let detail = drain().map { "\(message): \($0)" } ?? message
        return .transport(TransportFailure(kind: .tls, message: detail))
    }
}
#endif
