#if os(Linux)
import CourierHTTP
import Foundation

/// Writing the request: after the head (`start`), the body from memory, a file or a stream, chunked when its
/// length is unknown, as fast as the stream takes it and never more than one chunk in memory.
extension HTTP1Connection {
    /// The most body bytes read from a source at once.
    static let bodyChunk = 256 << 10

    /// The stream wrote everything queued: the next piece of the body goes out, or the request is sent.
    func streamDrained() -> Bool {
        guard state == .active, let exchange else { return false }
        exchange.reportUploadProgress()
        if bodyPending, !waitingForContinue {
            do {
                // Nothing more until the source delivers its next chunk.
                if try refill(exchange) { return true }
            } catch {
                fail(NetworkError.from(error))
            }
            return false
        }
        if !bodyPending, !exchange.requestSent {
            exchange.requestSent = true
            exchange.metrics.requestSent = exchange.elapsed()
        }
        return false
    }

    /// Queues the next piece of the body (with its chunk framing) on the stream; `false` when the source has not
    /// read it yet (the stream's `flush` runs again when it has).
    private func refill(_ exchange: Exchange) throws -> Bool {
        guard let pump = bodyPump else {
            bodyPending = false
            return true
        }
        let stream = self.stream
        let ready = pump.take { [weak stream] in
            guard let stream else { return }
            stream.loop.execute { stream.flush() }
        }
        guard let ready else { return false }
        if let chunk = try ready.get() {
            if chunkedBody { stream.enqueue(HTTP1RequestHead.chunkHeader(count: chunk.count)) }
            stream.enqueue(chunk)
            if chunkedBody { stream.enqueue(HTTP1RequestHead.chunkTerminator) }
            exchange.bodyBytesSent += Int64(chunk.count)
        } else {
            if chunkedBody { stream.enqueue(HTTP1RequestHead.lastChunk) }
            pump.close()
            bodyPump = nil
            bodyPending = false
        }
        return true
    }
}
#endif
