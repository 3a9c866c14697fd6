#if os(Linux)
import CourierHTTP
import Foundation

/// Starting, cancelling and failing the request in flight.
extension HTTP1Connection {
    /// Sends `exchange` on this connection (on the loop thread). Its continuation hears of the head or the
    /// failure; a connection that closed while idle fails it with a retryable `StaleConnection`.
    func start(_ exchange: Exchange) {
        guard !exchange.cancelled else {
            exchange.resumeHead(throwing: NetworkError.cancelled)
            if state == .idle { pool.exchangeFinished(on: self) }
            return
        }
        guard state == .idle else {
            exchange.resumeHead(throwing: StaleConnection(
                underlying: NetworkError.transport(TransportFailure(kind: .connectionLost, message: "\(key) closed the pooled connection")),
                retryable: true))
            return
        }
        exchange.recordConnection(stream, reused: served > 0, protocolName: "http/1.1")
        let request = exchange.request
        let framing = HTTP1RequestFraming(method: request.method, hasBody: exchange.body != nil, bodyLength: request.bodyLength)
        // Checked when the request was prepared: `PreparedRequest.init` validates what `encode` writes.
        let head = HTTP1RequestHead.encode(
            method: request.method, target: request.target, host: request.authority, headers: request.headers,
            framing: framing, size: request.headSize)
        let expectsContinue = exchange.expectsContinue
        state = .active
        self.exchange = exchange
        mustClose = false
        transferDecoder = nil
        chunkedBody = framing == .chunked
        parser.expectResponse(toHEAD: exchange.isHEAD, expectsContinue: expectsContinue, upgrade: exchange.upgrade != nil)
        stream.enqueue(head)
        bodyPending = false
        if let body = exchange.body {
            if case .data(let data) = body, data.count <= Self.bodyChunk, !expectsContinue {
                stream.enqueue(data)
                exchange.bodyBytesSent = Int64(data.count)
            } else {
                do {
                    bodyPump = BodyPump(try body.makeReader(), chunkSize: Self.bodyChunk)
                } catch {
                    refuse(exchange, NetworkError.from(error))
                    return
                }
                bodyPending = true
            }
        }
        if expectsContinue {
            waitingForContinue = true
            continueDeadline = MonotonicClock.now() + Exchange.continueWait
        }
        stream.lastActivity = MonotonicClock.now()
        stream.flush()
    }

    /// `exchange` cannot be sent (before a byte of it was written): it fails, the connection stays idle.
    private func refuse(_ exchange: Exchange, _ error: NetworkError) {
        stream.discardOutput()
        state = .idle
        self.exchange = nil
        exchange.resumeHead(throwing: error)
        pool.exchangeFinished(on: self)
    }

    /// The caller was cancelled: the request stops and the connection closes (it may hold half a response).
    func cancel(_ exchange: Exchange) {
        exchange.cancelled = true
        guard self.exchange === exchange else { return }
        fail(NetworkError.cancelled)
    }

    /// The request in flight failed: the caller (or the body's reader) gets `error`; the connection closes.
    func fail(_ error: NetworkError) {
        guard let exchange else {
            close()
            return
        }
        self.exchange = nil
        close()
        failed(exchange, error)
    }

    /// Tells `exchange`'s caller (or its body's reader) of `error`; the exchange is no longer this connection's.
    func failed(_ exchange: Exchange, _ error: NetworkError) {
        exchange.finishMetrics(failed: true, handler: settings.metricsHandler)
        // Failing on a reused connection before any response byte: the server dropped it while idle.
        guard exchange.headContinuation != nil else {
            exchange.stream?.finish(error)
            return
        }
        let stale = served > 0 && !exchange.receivedResponseBytes && error != .cancelled && !(error.transportKind == .timedOut)
        exchange.resumeHead(throwing: stale ? StaleConnection(underlying: error, retryable: exchange.isIdempotent) : error)
    }
}

extension NetworkError {
    /// The transport failure's kind, if this is one.
    var transportKind: TransportFailure.Kind? {
        if case .transport(let failure) = self { failure.kind } else { nil }
    }
}
#endif
