import CourierSockets
import Foundation

/// Sends one `MockResponse` on one HTTP/2 stream, on a thread of its own, as scripted: delays, throttling,
/// cut-offs and faults. It only queues frames in the connection's `HTTP2Outbox`; the connection thread
/// writes them.
struct HTTP2ResponseWriter: Sendable {
    let streamID: UInt32
    let request: RecordedRequest
    let outbox: HTTP2Outbox
    let lifecycle: Lifecycle

    /// The fields HTTP/2 forbids in a response (RFC 9113 §8.2.2), dropped from the scripted headers.
    static let connectionSpecific: Set<String> = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]

    func write(_ response: MockResponse) {
        guard lifecycle.sleep(seconds: response.headersDelay.seconds) else { return }
        if let fault = response.http2Fault, writeFault(fault, response) { return }
        switch response.socketPolicy {
        case .disconnectAfterRequest: return outbox.end(.closeGracefully)
        case .reset: return outbox.end(.reset)
        case .noResponse: return outbox.waitUntilGone(streamID)
        default: break
        }
        if let raw = response.raw { return writeRaw(raw, policy: response.socketPolicy) }
        if response.webSocket != nil {
            // RFC 8441's extended CONNECT is not served: a WebSocket needs HTTP/1.1.
            return writeSimple(status: 505, "MockWebServer serves WebSocket over HTTP/1.1 only\n")
        }
        let body: BodyStream
        do {
            body = try BodyStream(response.body)
        } catch {
            return writeSimple(status: 500, "MockWebServer cannot open the response body: \(error)\n")
        }
        writeHeadAndBody(response, body)
    }

    /// Applies a fault; false when the response is still to be written (a reset after body bytes is applied
    /// by the body writer).
    private func writeFault(_ fault: MockResponse.HTTP2Fault, _ response: MockResponse) -> Bool {
        switch fault {
        case .resetStream(let code, nil):
            outbox.send(.reset(HTTP2ErrorCode(rawValue: code)), on: streamID)
        case .resetStream:
            return false
        case .goAway(let code):
            outbox.goAway(lastStreamID: max(streamID, 2) - 2, code: HTTP2ErrorCode(rawValue: code))
            outbox.clientReset(streamID)  // never answered
        case .malformedFrame:
            // A PING must be 8 octets long (RFC 9113 §6.7): 7 is a connection error FRAME_SIZE_ERROR.
            var bytes: [UInt8] = []
            HTTP2FrameEncoder.writeHeader(length: 7, .ping, flags: 0, streamID: 0, into: &bytes)
            outbox.sendRaw(bytes + [UInt8](repeating: 0, count: 7))
            outbox.waitUntilGone(streamID)
        case .changeSettings(let streams, let window, let frameSize, let tableSize):
            var list: [HTTP2Setting] = []
            if let streams { list.append(HTTP2Setting(.maxConcurrentStreams, streams)) }
            if let window { list.append(HTTP2Setting(.initialWindowSize, window)) }
            if let frameSize { list.append(HTTP2Setting(.maxFrameSize, frameSize)) }
            if let tableSize { list.append(HTTP2Setting(.headerTableSize, tableSize)) }
            return !outbox.waitForAcknowledgement(outbox.changeSettings(list))
        }
        return true
    }

    private func writeSimple(status: Int, _ text: String) {
        let fields = [HPACKHeaderField(name: ":status", value: String(status)), HPACKHeaderField(name: "content-type", value: "text/plain")]
        outbox.send(.headers(fields, endStream: false), on: streamID)
        outbox.send(.data(Data(text.utf8), endStream: true), on: streamID)
    }

    /// The response's field section: `:status`, then the scripted headers lowercased without the
    /// connection-specific ones, with `content-length` added as over HTTP/1.1.
    private func fieldSection(_ response: MockResponse, bodyLength: Int64, sendsLength: Bool) -> [HPACKHeaderField] {
        var fields = [HPACKHeaderField(name: ":status", value: response.rawStatusLine ?? String(response.status))]
        for field in response.headers {
            let name = field.name.lowercased()
            guard !Self.connectionSpecific.contains(name) else { continue }
            fields.append(HPACKHeaderField(name: name, value: Self.trimmed(field.value)))
        }
        if sendsLength && !response.headers.contains("Content-Length") {
            fields.append(HPACKHeaderField(name: "content-length", value: String(bodyLength)))
        }
        return fields
    }

    /// A field value without the spaces and tabs around it, which are not part of it over HTTP/1.1 (RFC 9110
    /// §5.5) and not allowed over HTTP/2 (RFC 9113 §8.2.1).
    static func trimmed(_ value: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(value.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    private func writeHeadAndBody(_ response: MockResponse, _ body: BodyStream) {
        let status = response.status
        let statusForbidsBody = (100..<200).contains(status) || status == 204 || status == 304
        let sendsBody = !statusForbidsBody && request.method != "HEAD" && body.length > 0
        let fields = fieldSection(response, bodyLength: body.length, sendsLength: !statusForbidsBody && response.transfer == .contentLength)
        let policy = response.socketPolicy
        // GOAWAY before the response, so the client opens no stream the close would leave unanswered.
        if policy == .closeAfterResponse { outbox.goAway(lastStreamID: streamID, code: .noError) }
        guard outbox.send(.headers(fields, endStream: !sendsBody && policy != .disconnectAfterHeaders), on: streamID) else { return }
        if policy == .disconnectAfterHeaders {
            _ = outbox.waitUntilWritten(streamID)
            return outbox.end(.closeGracefully)
        }
        guard lifecycle.sleep(seconds: response.bodyDelay.seconds) else { return }
        if sendsBody {
            guard writeBody(body, response) else { return }
        }
    }

    /// Where the body is cut off, and what follows the cut.
    private enum Cut {
        case close, reset, resetStream(HTTP2ErrorCode)
    }

    private func cut(_ response: MockResponse) -> (bytes: Int64, Cut)? {
        if case .resetStream(let code, let bytes?) = response.http2Fault { return (max(0, bytes), .resetStream(HTTP2ErrorCode(rawValue: code))) }
        switch response.socketPolicy {
        case .disconnectDuringBody(let bytes): return (max(0, bytes), .close)
        case .resetDuringBody(let bytes): return (max(0, bytes), .reset)
        default: return nil
        }
    }

    /// Sends the body in slices, throttled and cut off as scripted. False when it ended the stream early.
    private func writeBody(_ body: BodyStream, _ response: MockResponse) -> Bool {
        let cut = cut(response)
        var sliceLimit = min(response.throttle?.bytes ?? BodyStream.maxSlice, BodyStream.maxSlice)
        if case .chunked(let size) = response.transfer { sliceLimit = min(sliceLimit, max(1, size)) }
        var sent: Int64 = 0
        while sent < body.length {
            let want = min(Int64(sliceLimit), (cut?.bytes ?? .max) - sent)
            if want <= 0 { break }
            let slice = body.next(maximum: Int(want))
            if slice.isEmpty { break }  // a file shrank
            sent += Int64(slice.count)
            let last = sent == body.length && cut == nil
            guard outbox.send(.data(slice, endStream: last), on: streamID) else { return false }
            if let throttle = response.throttle {
                guard outbox.waitUntilWritten(streamID) || last, lifecycle.sleep(seconds: throttle.interval.seconds) else { return false }
            }
        }
        if let cut {
            guard outbox.waitUntilWritten(streamID) else { return false }
            switch cut.1 {
            case .close: outbox.end(.closeGracefully)
            case .reset: outbox.end(.reset)
            case .resetStream(let code): outbox.send(.reset(code), on: streamID)
            }
            return false
        }
        if sent < body.length { outbox.send(.reset(.internalError), on: streamID) }  // a file shrank
        return sent == body.length
    }
}
