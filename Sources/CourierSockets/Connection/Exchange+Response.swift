#if os(Linux)
import CourierHTTP
import Foundation

/// The response side of an exchange, the same over every protocol: the head handed to the caller (its body in
/// memory or streaming), `Content-Encoding` decoded, body chunks pushed to the reader, the metrics reported. The
/// connection decides when; these say what.
extension Exchange {
    /// The response for a final head. `Content-Encoding` is decoded when the transport asked for compression
    /// (within `decompression`, capped at what the caller accepts). The body is `bufferedBody` (decoded whole)
    /// when the connection has all of it, else `stream`, which the connection fills with `receiveBody`.
    ///
    /// - Throws: a decoding failure as the caller sees it (the connection fails the exchange with it).
    func response(
        status: Int, headers: HTTPHeaders, bufferedBody: Data?, stream: @autoclosure () -> ResponseBodyStream,
        decompression: DecompressionLimits
    ) throws(NetworkError) -> HTTPResponse {
        var headers = headers
        do {
            if decodesContent, let encoding = headers["Content-Encoding"],
               let decoder = try ContentDecoder(contentEncoding: encoding, limits: decompressionLimits(decompression)) {
                self.decoder = decoder
                headers.remove(name: "Content-Encoding")
                headers.remove(name: "Content-Length")
            }
        } catch {
            throw NetworkError.from(error)
        }
        let body: ResponseBody
        if var data = bufferedBody {
            bodyBytesReceived += Int64(data.count)
            if let decoder {
                do {
                    data = try decoder.decodeAll(data).reduce(into: Data()) { $0.append($1) }
                    try decoder.finish()
                } catch {
                    throw Self.networkError(error)
                }
                self.decoder = nil
            }
            body = ResponseBody(data)
        } else {
            let stream = stream()
            self.stream = stream
            body = ResponseBody(stream)
        }
        var response = HTTPResponse(statusCode: status, headers: headers, body: body, url: nil)
        response.location = location
        response.metricsRecorder = metricsRecorder
        return response
    }

    /// Body bytes arrived: decoded and pushed to the reader. Returns `false` when the reader's buffer is full
    /// (the connection stops reading until the stream's `resume`).
    func receiveBody(_ chunk: Data) throws(NetworkError) -> Bool {
        bodyBytesReceived += Int64(chunk.count)
        guard let stream else { return true }
        guard let decoder else { return stream.push(chunk) }
        let pieces: [Data]
        do {
            pieces = try decoder.decodeAll(chunk)
        } catch {
            throw Self.networkError(error)
        }
        var wantsMore = true
        for piece in pieces where !stream.push(piece) { wantsMore = false }
        return wantsMore
    }

    /// The body ended: a compressed body must end where its coding does.
    func finishBody() throws(NetworkError) {
        guard let decoder else { return }
        do {
            try decoder.finish()
        } catch {
            throw Self.networkError(error)
        }
    }

    /// Fills in the last timings and reports them: to the response's recorder and to `handler`.
    func finishMetrics(failed: Bool, handler: (@Sendable (TransferMetrics) -> Void)?) {
        metrics.complete = elapsed()
        metrics.failed = failed
        metrics.responseBodyBytes = bodyBytesReceived
        metricsRecorder.record(metrics)
        handler?(metrics)
    }

    /// Resumes the caller waiting for the head with `error`, if it still waits.
    func resumeHead(throwing error: any Error) {
        let continuation = headContinuation
        headContinuation = nil
        continuation?.resume(throwing: error)
    }

    /// `decompression`, capped at what the caller accepts.
    private func decompressionLimits(_ decompression: DecompressionLimits) -> DecompressionLimits {
        var limits = decompression
        if let maximumDecodedBytes {
            limits.maximumDecodedBytes = min(limits.maximumDecodedBytes ?? .max, Int64(maximumDecodedBytes))
        }
        return limits
    }

    /// A parse or decode failure as the caller sees it.
    static func networkError(_ error: any Error) -> NetworkError {
        if let error = error as? HTTP1ParseError { return error.networkError }
        return NetworkError.from(error)
    }
}
#endif
