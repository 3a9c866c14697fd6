#if os(Linux)
import CourierHTTP
import Foundation

/// Writing request bodies: from memory, a file or a stream, as DATA frames within the server's windows, one
/// chunk per stream read ahead at most.
extension HTTP2Connection {
    /// The most body bytes read from a source at once.
    static let bodyChunk = 256 << 10

    /// The stream wrote everything queued: upload progress is reported. Bodies go out as windows open (on
    /// `.streamWritable`) and as their sources deliver, not on drain, so there is never more to queue here.
    func streamDrained() -> Bool {
        for active in streams.values { active.exchange.reportUploadProgress() }
        return false
    }

    /// Sends as much of `active`'s body as the windows allow, reading more from its source as needed.
    func sendBody(of active: HTTP2Stream) {
        while !active.requestEnded, active.continueDeadline == nil, streams[active.id] === active {
            if !active.pending.isEmpty || active.pendingIsLast {
                guard sendPending(of: active) else { return }
                continue
            }
            guard let pump = active.bodyPump else { return }
            let ready = pump.take { [weak self] in
                guard let self else { return }
                self.loop.execute {
                    self.sendBody(of: active)
                    self.stream.flush()
                }
            }
            guard let ready else { return }
            do {
                if let chunk = try ready.get() {
                    active.pending = chunk
                } else {
                    pump.close()
                    active.bodyPump = nil
                    active.pendingIsLast = true
                }
            } catch {
                abandon(active, failing: NetworkError.from(error))
                return
            }
        }
    }

    /// Sends what `active` holds; `false` when the windows closed before all of it went.
    private func sendPending(of active: HTTP2Stream) -> Bool {
        var sent = 0
        let pending = active.pending
        let last = active.pendingIsLast
        drive { machine, out in
            sent = pending.withUnsafeBytes { bytes in
                machine.sendData(streamID: active.id, bytes: bytes, endStream: last, into: &out)
            }
        }
        active.exchange.bodyBytesSent += Int64(sent)
        if sent < pending.count {
            active.pending = pending.subdata(in: pending.startIndex + sent..<pending.endIndex)
            return false
        }
        active.pending = Data()
        if last {
            active.requestEnded = true
            requestSent(active)
        }
        return true
    }

    /// The whole request went out.
    func requestSent(_ active: HTTP2Stream) {
        let exchange = active.exchange
        exchange.requestSent = true
        exchange.metrics.requestSent = exchange.elapsed()
    }
}
#endif
