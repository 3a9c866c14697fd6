import CourierSockets
import Foundation

/// The client's frames: requests assembled from HEADERS, CONTINUATION and DATA, and the control frames.
extension HTTP2ServerConnection {
    func receive(_ frame: HTTP2Frame) throws(HTTP2Error) {
        if let pendingBlock {
            guard case .continuation(pendingBlock.streamID, _, _) = frame else {
                throw .connection(.protocolError, "a frame inside the field block of stream \(pendingBlock.streamID)")
            }
        }
        switch frame {
        case .headers(let id, let block, let endStream, let endHeaders, _, _):
            if endHeaders { try fieldBlock(streamID: id, block, endStream: endStream) } else { pendingBlock = (id, block, endStream) }
        case .continuation(let id, let block, let endHeaders):
            guard var pending = pendingBlock else { throw .connection(.protocolError, "CONTINUATION without HEADERS on stream \(id)") }
            pending.bytes += block
            guard pending.bytes.count <= connection.core.configuration.maxHeaderBytes * 2 else {
                throw .connection(.enhanceYourCalm, "a field block over \(pending.bytes.count) octets")
            }
            pendingBlock = endHeaders ? nil : pending
            if endHeaders { try fieldBlock(streamID: id, pending.bytes, endStream: pending.endStream) }
        case .data(let id, let bytes, let endStream, _):
            try receiveData(streamID: id, bytes, endStream: endStream, length: frame.flowControlledLength)
        case .settings(false, let list):
            try receiveSettings(list)
        case .ping(false, let opaque):
            if settings.acknowledgesPings { send(.ping(ack: true, opaque: opaque)) }
        case .windowUpdate(let id, let increment):
            guard increment > 0 else { throw .connection(.protocolError, "WINDOW_UPDATE of 0 on stream \(id)") }
            outbox.windowUpdate(id, increment: increment)
        case .rstStream(let id, _):
            requests[id] = nil
            outbox.clientReset(id)
        case .goAway:
            outbox.goAway(lastStreamID: lastStreamID, code: .noError)
        case .pushPromise:
            throw .connection(.protocolError, "PUSH_PROMISE from a client")
        case .settings(true, _):
            try settingsAcknowledged()
        case .ping(true, _), .priority, .unknown:
            break
        }
    }

    private func receiveSettings(_ list: [HTTP2Setting]) throws(HTTP2Error) {
        for setting in list {
            try peerSettings.apply(setting)
            switch HTTP2Settings.Parameter(rawValue: setting.identifier) {
            case .initialWindowSize: outbox.initialWindowChanged(to: setting.value)
            case .headerTableSize: encoder.setMaxTableSize(Int(setting.value))
            default: break
            }
        }
        send(.settings(ack: true, []))
    }

    /// A complete field block: a new request's header section, or the trailers of one in progress.
    private func fieldBlock(streamID id: UInt32, _ block: [UInt8], endStream: Bool) throws(HTTP2Error) {
        let fields: [HPACKHeaderField]
        do {
            fields = try fieldDecoder.decode(block)
        } catch {
            throw .connection(.compressionError, "the field block of stream \(id): \(error)")
        }
        if var request = requests[id] {
            guard endStream else { throw .stream(id, .protocolError, "a second header section without END_STREAM") }
            for field in fields { request.trailers.add(name: field.name, value: field.value) }
            requests[id] = request
            return complete(id)
        }
        guard id % 2 == 1, id > lastStreamID else { throw .connection(.protocolError, "HEADERS on stream \(id), not a new client stream") }
        lastStreamID = id
        if let last = outbox.goAwayLastStreamID, id > last { return }  // after our GOAWAY: left unprocessed
        try admit(id, open: requests.count + outbox.openCount)
        streamCount += 1
        if let limit = settings.goAwayAfterRequests, streamCount == limit { outbox.goAway(lastStreamID: id, code: .noError) }
        requests[id] = RequestStream(fields: fields, sequence: streamCount - 1, window: Int64(acknowledgedSettings.initialWindowSize))
        if endStream { complete(id) }
    }

    private func receiveData(streamID id: UInt32, _ bytes: [UInt8], endStream: Bool, length: Int) throws(HTTP2Error) {
        try receiveWindowUsed(streamID: id, length: length, endStream: endStream)
        guard var request = requests[id] else {
            guard id <= lastStreamID, id % 2 == 1 else { throw .connection(.protocolError, "DATA on idle stream \(id)") }
            return  // a stream we reset, refused or left unprocessed
        }
        let room = connection.core.configuration.maxRecordedBodyBytes - request.body.count
        if room > 0 { request.body.append(contentsOf: bytes.prefix(room)) }
        request.bodySize += Int64(bytes.count)
        requests[id] = request
        if endStream { complete(id) }
    }

    /// The request on stream `id` is complete: record it, take its response, answer on a thread of its own.
    private func complete(_ id: UInt32) {
        guard let stream = requests.removeValue(forKey: id) else { return }
        let core = connection.core
        let recorded = core.record(request(stream))
        let pending = core.takeResponse()
        outbox.open(id)
        let writer = HTTP2ResponseWriter(streamID: id, request: recorded, outbox: outbox, lifecycle: core.lifecycle)
        core.lifecycle.workerStarted()
        let thread = Thread {
            writer.write(core.response(pending, for: recorded))
            core.lifecycle.workerFinished()
        }
        thread.name = "MockWebServer connection \(connection.id) stream \(id)"
        thread.stackSize = 512 * 1024
        thread.start()
    }

    private func request(_ stream: RequestStream) -> RecordedRequest {
        var pseudo: [String: String] = [:]
        var headers = MockHeaders()
        // Cookie crumbs are joined into one field, as RFC 9113 §8.2.3 asks of a gateway to HTTP/1.1.
        let cookie = stream.fields.filter { $0.name == "cookie" }.map(\.value).joined(separator: "; ")
        for field in stream.fields {
            if field.name.hasPrefix(":") {
                pseudo[field.name] = field.value
            } else if field.name != "cookie" {
                headers.add(name: field.name, value: field.value)
            } else if !headers.contains("cookie") {
                headers.add(name: "cookie", value: cookie)
            }
        }
        if !headers.contains("host"), let authority = pseudo[":authority"] {
            var withHost: MockHeaders = ["host": authority]
            for field in headers { withHost.add(name: field.name, value: field.value) }
            headers = withHost
        }
        let method = pseudo[":method"] ?? ""
        return RecordedRequest(
            method: method, target: method == "CONNECT" ? pseudo[":authority"] ?? "" : pseudo[":path"] ?? "", version: "HTTP/2",
            headers: headers, body: stream.body, bodySize: stream.bodySize, trailers: stream.trailers,
            sequenceNumber: 0, connectionID: connection.id, connectionSequenceNumber: stream.sequence
        )
    }
}
