import Foundation

extension MockResponse {
    /// A `text/event-stream` response written in `pieces` (each flushed on its own, `pause` between them), with
    /// no length: the stream ends when the server closes the connection after the last piece — what a client sees
    /// as a dropped connection, and reconnects after. Use it to test event parsing across piece boundaries
    /// and a client's reconnection with `Last-Event-ID`. `status` is 200 by default; its status line carries the
    /// standard reason phrase (`503 Service Unavailable`), as the server's other responses do.
    ///
    /// ```swift
    /// server.enqueue(.eventStream(["id: 1\ndata: hello\n\n", "data: world\n\n"], pause: .milliseconds(10)))
    /// ```
    public static func eventStream(_ pieces: [String], pause: Duration = .zero, status: Int = 200) -> MockResponse {
        let head = "HTTP/1.1 \(status) \(Connection.reasonPhrase(for: status))\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n"
        return raw([Data(head.utf8)] + pieces.map { Data($0.utf8) }, pause: pause)
    }
}
