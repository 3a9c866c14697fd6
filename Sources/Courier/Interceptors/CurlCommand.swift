import CourierHTTP
import Foundation

extension HTTPRequest {
    /// The request as a `curl` command line, with redacted headers and query values replaced; a file body
    /// becomes `--data-binary @path`, a streamed body a placeholder. For reproducing a request outside the
    /// app; an in-memory body is included as it is (not redacted), so mind passwords in form bodies.
    ///
    /// ```swift
    /// print(request.curlCommand())
    /// // curl -X POST 'https://api.example.com/v1/users' -H 'Authorization: <redacted>' --data-binary '{"name":"kim"}'
    /// ```
    public func curlCommand(redaction: Redaction = Redaction()) -> String {
        var parts = ["curl"]
        if method != .get { parts.append("-X \(Self.quote(method.rawValue))") }
        parts.append(Self.quote(redaction.redact(url)))
        for field in redaction.redact(headers) {
            parts.append("-H \(Self.quote("\(field.name): \(field.value)"))")
        }
        switch body {
        case .none:
            break
        case .data(let data):
            if let text = String(data: data, encoding: .utf8) {
                parts.append("--data-binary \(Self.quote(text))")
            } else {
                parts.append("--data-binary '<\(data.count) bytes of binary data>'")
            }
        case .file(let file):
            parts.append("--data-binary \(Self.quote("@" + file.path))")
        case .stream(let source):
            parts.append("--data-binary '<streamed body\(source.contentLength.map { " of \($0) bytes" } ?? "")>'")
        }
        return parts.joined(separator: " ")
    }

    /// Single-quotes `text` for a POSIX shell.
    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
