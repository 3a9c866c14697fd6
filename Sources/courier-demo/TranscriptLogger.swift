import Courier
import Foundation

/// A `NetworkLogger` that writes `LoggingInterceptor`'s events into the transcript: the request as it goes on
/// the wire (headers already redacted by the interceptor), and the status that came back.
struct TranscriptLogger: NetworkLogger {
    let transcript: Transcript
    /// Stripped from URLs so the transcript shows `/pets?…` instead of `http://127.0.0.1:PORT/pets?…`.
    let origin: String

    func log(_ event: NetworkLogEvent) {
        let target = event.url.hasPrefix(origin) ? String(event.url.dropFirst(origin.count)) : event.url
        switch event.kind {
        case .request:
            var text = "→ \(event.method) \(target)"
            if let size = event.requestBodySize { text += "  (\(Self.bytes(size)) body)" }
            for field in event.headers { text += "\n    \(field.name): \(field.value)" }
            transcript.print(text, indent: 5)
        case .response:
            var text = "← \(event.statusCode ?? 0)  \(Self.milliseconds(event.duration))"
            text += ", \(Self.bytes(Int64(event.responseBodySize ?? 0)))"
            for field in event.headers where field.name.lowercased() == "retry-after" {
                text += "\n    \(field.name): \(field.value)"
            }
            transcript.print(text, indent: 5)
        case .failure:
            transcript.print("✕ \(event.error ?? "failed")  \(Self.milliseconds(event.duration))", indent: 5)
        }
    }

    static func milliseconds(_ seconds: TimeInterval?) -> String {
        String(format: "%.1f ms", (seconds ?? 0) * 1000)
    }

    static func bytes(_ count: Int64) -> String {
        count < 10_000 ? "\(count) bytes" : String(format: "%.1f KiB", Double(count) / 1024)
    }
}
