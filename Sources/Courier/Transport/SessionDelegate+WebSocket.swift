#if !canImport(FoundationNetworking)
import CourierHTTP
import Foundation

/// The opening of a WebSocket task (`URLSessionTransport.webSocket`, Apple platforms): its `101` response is the
/// task's head. A refusal ends the task instead, and `urlSession(_:task:didCompleteWithError:)` delivers it.
extension SessionDelegate: URLSessionWebSocketDelegate {
    func urlSession(_ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?) {
        let taken = withRecord(webSocketTask) { record in record.takeHead().map { ($0, record.metricsRecorder) } } ?? nil
        guard let (head, recorder) = taken else { return }
        let http = webSocketTask.response as? HTTPURLResponse
        var answer = HTTPResponse(
            statusCode: http?.statusCode ?? 101, headers: http.map(Self.headers(of:)) ?? [:], body: Data(),
            url: http?.url ?? webSocketTask.currentRequest?.url)
        answer.metricsRecorder = recorder
        head.resume(returning: answer)
    }
}
#endif
