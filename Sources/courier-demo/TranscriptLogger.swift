import Courier
import Foundation

/// A `NetworkLogger` that writes `LoggingInterceptor`'s events into the transcript: the request as it goes on
/// the wire (headers already redacted by the interceptor), and the status that came back.
struct TranscriptLogger: NetworkLogger {
    let transcript: Transcript
    /// Stripped from URLs so the transcript shows `/pets?…` instead of `http://127.0.0.1:PORT/pets?…`.
    let origin: String

    func log(_ event: NetworkLogEvent) {
        switch event {
        case .request(let method, let url, let headers, let bodySize, _):
            var text = "→ \(method) \(target(url))"
            if let bodySize { text += "  (\(Self.bytes(bodySize)) body)" }
            for field in headers { text += "\n    \(field.name): \(field.value)" }
            transcript.print(text, indent: 5)
        case .response(_, _, let statusCode, let headers, let bodySize, let duration):
            var text = "← \(statusCode)  \(Self.milliseconds(duration)), \(Self.bytes(bodySize))"
            for field in headers where field.name.lowercased() == "retry-after" {
                text += "\n    \(field.name): \(field.value)"
            }
            transcript.print(text, indent: 5)
        case .failure(_, _, let error, let duration):
            transcript.print("✕ \(error)  \(Self.milliseconds(duration))", indent: 5)
        }
    }

    private func target(_ url: String) -> String {
        url.hasPrefix(origin) ? String(url.dropFirst(origin.count)) : url
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f ms", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }

    static func bytes(_ count: Int64) -> String {
        count < 10_000 ? "\(count) bytes" : String(format: "%.1f KiB", Double(count) / 1024)
    }
}
