#if os(Linux)
import CourierHTTP
import Foundation
import Glibc

/// Writing the request: the head, then the body from memory, a file or a stream, chunked when its length is
/// unknown, as fast as the socket takes it and never more than one chunk in memory.
extension HTTP1Connection {
    /// The most body bytes read from a source at once.
    static let bodyChunk = 256 << 10

    /// Writes what is waiting, refilling from the body until the socket would block or the request is out.
    func flush() {
        guard state == .active, let exchange else { return }
        while true {
            if outputOffset < output.count {
                let result: SocketIO
                do {
                    result = try output.withUnsafeBytes { bytes throws(NetworkError) in
                        try socketWrite(UnsafeRawBufferPointer(rebasing: bytes[outputOffset...]))
                    }
                } catch {
                    failWrite(NetworkError.from(error))
                    return
                }
                writeNeedsReadable = false
                switch result {
                case .bytes(let count):
                    outputOffset += count
                    lastActivity = MonotonicClock.now()
                    continue
                case .wouldBlock(let wantsWrite):
                    writeNeedsReadable = !wantsWrite
                case .closed:
                    break
                }
                break
            }
            output.removeAll(keepingCapacity: true)
            outputOffset = 0
            reportUploadProgress(exchange)
            guard bodyPending, !waitingForContinue else { break }
            do {
                // Nothing more until the source delivers its next chunk.
                guard try refill(exchange) else { break }
            } catch {
                fail(NetworkError.from(error))
                return
            }
        }
        if outputOffset >= output.count, !bodyPending, !exchange.requestSent {
            exchange.requestSent = true
            exchange.metrics.requestSent = exchange.elapsed()
        }
        updateInterest()
    }

    /// Puts the next piece of the body (with its chunk framing) into `output`; `false` when the source has not
    /// read it yet (`flush` runs again when it has).
    private func refill(_ exchange: Exchange) throws -> Bool {
        guard let pump = bodyPump else {
            bodyPending = false
            return true
        }
        let loop = self.loop
        let ready = pump.take { [weak self] in
            guard let self else { return }
            loop.execute { self.flush() }
        }
        guard let ready else { return false }
        if let chunk = try ready.get() {
            if exchange.chunked { output.append(contentsOf: HTTP1RequestHead.chunkHeader(count: chunk.count)) }
            output.append(contentsOf: chunk)
            if exchange.chunked { output.append(contentsOf: HTTP1RequestHead.chunkTerminator) }
            exchange.bodyBytesSent += Int64(chunk.count)
        } else {
            if exchange.chunked { output.append(contentsOf: HTTP1RequestHead.lastChunk) }
            pump.close()
            bodyPump = nil
            bodyPending = false
        }
        return true
    }

    private func reportUploadProgress(_ exchange: Exchange) {
        guard let progress = exchange.uploadProgress, exchange.body != nil, exchange.bodyBytesSent > exchange.bodyBytesReported else {
            return
        }
        exchange.bodyBytesReported = exchange.bodyBytesSent
        progress(TransferProgress(completedBytes: exchange.bodyBytesSent, totalBytes: exchange.bodyLength))
    }

    /// A write failed: the server closed or reset the connection.
    private func failWrite(_ error: NetworkError) {
        // The server may have answered (and closed) before reading the whole body: read what it sent first.
        readAvailable(ignoringPause: true)
        guard state == .active else { return }
        fail(error)
    }
}
#endif
