import CourierHTTP
import Foundation

/// An incremental HTTP/1.1 response parser (RFC 9112): bytes in, events out, no I/O.
///
/// Call `expectResponse(toHEAD:expectsContinue:)` before each response, feed every read to `parse(_:)` and
/// the peer's close to `parseEOF()`. Interim 1xx responses are skipped (a `100 Continue` surfaces as
/// `.continue` when one is expected), the body is de-chunked, and every framing fault throws an
/// `HTTP1ParseError` naming it; after an error the parser stays failed and the connection must be closed.
///
/// Bytes after the end of a response (a body longer than its `Content-Length`, anything after a chunked
/// body's last chunk) come out as `.excess`, whether they arrive in the read that ended the response or in a
/// later one: the response keeps its declared length (RFC 9112 §6.3 lets a client discard the rest), and the
/// connection must then be closed, never reused, since the client never pipelines.
///
/// ```swift
/// var parser = HTTP1ResponseParser()
/// parser.expectResponse(toHEAD: false)
/// for event in try parser.parse(bytes) { … }   // .head, .body, .end(reusable:), .excess
/// ```
package struct HTTP1ResponseParser {
    private enum State {
        /// Reading a status line and headers (interim or final).
        case head
        /// Reading a `Content-Length` body: this many bytes are still due.
        case lengthBody(remaining: Int64)
        /// Reading a chunk-size line.
        case chunkSize
        /// Reading chunk data: this many bytes are still due.
        case chunkData(remaining: Int64)
        /// Expecting the CRLF after chunk data; `sawCR` once its CR arrived.
        case chunkDataEnd(sawCR: Bool)
        /// Reading the trailer section after the last chunk (into `trailers`).
        case trailers(bytes: Int, fields: Int)
        /// Reading a body that ends when the server closes.
        case untilClose
        /// The response ended; what arrives before `expectResponse` is called again is `.excess`.
        case complete
        /// An error was thrown; the parser stays failed.
        case failed(HTTP1ParseError)
        /// A `101 Switching Protocols` answered an upgrade: the bytes after it belong to the new protocol.
        case switched
    }

    /// The limits applied to every response.
    package let limits: HTTP1Limits
    private var state = State.head
    private var request = HTTP1HeadParser.Request(isHEAD: false, isCONNECT: false)
    private var expectsContinue = false
    private var expectsUpgrade = false
    /// The `101` head, until the read it arrived in is done.
    private var switchingHead: HTTP1ResponseHead?
    private var interimResponses = 0
    private var keepAlive = true
    private var declaredLength: Int64 = 0
    /// A head that spans reads, collected until its empty line arrives.
    private var headBuffer: [UInt8] = []
    /// Where the search for the head's end resumes in `headBuffer`.
    private var headScanFrom = 0
    /// A chunk-size or trailer line that spans reads (each is copied here: they are short).
    private var lineBuffer: [UInt8] = []

    /// The trailer fields of the current response's chunked body, as they are read (empty when it has none).
    package private(set) var trailers: [HTTPHeaders.Field] = []

    /// Whether any byte of the current response arrived: a request on a reused connection that fails before
    /// this may be retried on a fresh one.
    package private(set) var hasStartedResponse = false

    /// Creates a parser expecting a response to a request that is not HEAD.
    package init(limits: HTTP1Limits = .init()) {
        self.limits = limits
    }

    /// Whether the last response is complete and no new one is expected yet.
    package var isComplete: Bool {
        if case .complete = state { return true }
        return false
    }

    /// Call before each response: HEAD requests have no body; `expectsContinue` makes a 100 surface as
    /// `.continue`; `toCONNECT` makes a 2xx end at its head (the connection then belongs to the tunnel and
    /// ends with `reusable: false`); `upgrade` makes a `101` final (`.switchingProtocols`, after which the parser
    /// takes nothing more). A failed parser stays failed. Calling it mid-response discards that
    /// response's state (close the connection instead of reusing it).
    package mutating func expectResponse(toHEAD: Bool, expectsContinue: Bool = false, toCONNECT: Bool = false, upgrade: Bool = false) {
        if case .failed = state { return }
        state = .head
        request = HTTP1HeadParser.Request(isHEAD: toHEAD, isCONNECT: toCONNECT)
        self.expectsContinue = expectsContinue
        expectsUpgrade = upgrade
        interimResponses = 0
        trailers.removeAll()
        declaredLength = 0
        hasStartedResponse = false
        headBuffer.removeAll(keepingCapacity: true)
        headScanFrom = 0
        lineBuffer.removeAll(keepingCapacity: true)
    }

    /// Feeds bytes read from the socket; returns the events they complete, in order. Body bytes that arrive in
    /// one call come out as one `.body`.
    package mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(HTTP1ParseError) -> [HTTP1Event] {
        if case .failed(let error) = state { throw error }
        do {
            return try parseBytes(bytes)
        } catch {
            state = .failed(error)
            throw error
        }
    }

    /// The peer closed: ends a close-delimited body (`.end(reusable: false)`), returns nothing after a
    /// complete response, and throws `.truncated` if a message is incomplete.
    package mutating func parseEOF() throws(HTTP1ParseError) -> [HTTP1Event] {
        let error: HTTP1ParseError
        switch state {
        case .failed(let failure): throw failure
        case .complete, .switched: return []
        case .untilClose:
            state = .complete
            return [.end(reusable: false)]
        case .head:
            error = hasStartedResponse
                ? .truncated("the connection closed inside the response head")
                : .truncated("the connection closed before any response byte arrived")
        case .lengthBody(let remaining):
            error = .truncated("the connection closed \(remaining) bytes before the end of the body (Content-Length \(declaredLength))")
        case .chunkData(let remaining):
            error = .truncated("the connection closed inside a chunk of the chunked body (\(remaining) bytes missing)")
        case .chunkSize, .chunkDataEnd, .trailers:
            error = .truncated("the connection closed before the end of the chunked body")
        }
        state = .failed(error)
        throw error
    }

    // MARK: Parsing

    private mutating func parseBytes(_ bytes: UnsafeRawBufferPointer) throws(HTTP1ParseError) -> [HTTP1Event] {
        var events: [HTTP1Event] = []
        events.reserveCapacity(4)  // head, body, end: one allocation, no growth
        var body = HTTP1PendingBody()
        let count = bytes.count
        var offset = 0
        reading: while offset < count {
            switch state {
            case .head:
                hasStartedResponse = true
                offset = try consumeHead(bytes, from: offset, into: &events)

            case .lengthBody(let remaining):
                takeLengthBody(bytes, &offset, remaining: remaining, &events, &body)

            case .chunkSize:
                guard try takeLine(bytes, &offset, limit: limits.maximumChunkLineBytes, what: "chunk-size line") else { break }
                let size = try lineBuffer.withHTTP1Bytes { line throws(HTTP1ParseError) in try HTTP1ChunkSizeLine.parse(line) }
                lineBuffer.removeAll(keepingCapacity: true)
                state = size == 0 ? .trailers(bytes: 0, fields: 0) : .chunkData(remaining: size)

            case .chunkData(let remaining):
                let taken = Int(min(Int64(count - offset), remaining))
                body.append(bytes, offset..<(offset + taken))
                offset += taken
                state = Int64(taken) == remaining ? .chunkDataEnd(sawCR: false) : .chunkData(remaining: remaining - Int64(taken))

            case .chunkDataEnd(let sawCR):
                try chunkDataEnd(bytes[offset], sawCR: sawCR)
                offset += 1

            case .trailers(let used, let fields):
                let limit = limits.maximumHeaderBytes - used
                guard try takeLine(bytes, &offset, limit: limit, what: "trailer section") else { break }
                if try trailerLine(used: used, fields: fields) { finish(&events, &body) }

            case .untilClose:
                body.append(bytes, offset..<count)
                offset = count

            case .complete:
                events.append(.excess(count - offset))  // `finish` flushed the body
                return events

            case .failed(let error):
                throw error

            case .switched:
                break reading
            }
        }
        if let head = switchingHead {
            switchingHead = nil
            events.append(.switchingProtocols(head, rest: Array(UnsafeRawBufferPointer(rebasing: bytes[offset...]))))
            return events
        }
        body.flush(into: &events)
        return events
    }

    /// Takes what `bytes[offset...]` holds of a `Content-Length` body.
    private mutating func takeLengthBody(
        _ bytes: UnsafeRawBufferPointer, _ offset: inout Int, remaining: Int64, _ events: inout [HTTP1Event], _ body: inout HTTP1PendingBody
    ) {
        let taken = Int(min(Int64(bytes.count - offset), remaining))
        body.append(bytes, offset..<(offset + taken))
        offset += taken
        if Int64(taken) == remaining {
            finish(&events, &body)
        } else {
            state = .lengthBody(remaining: remaining - Int64(taken))
        }
    }

    /// Takes a byte of the CRLF after chunk data.
    private mutating func chunkDataEnd(_ byte: UInt8, sawCR: Bool) throws(HTTP1ParseError) {
        if byte == HTTP1Bytes.lf {
            state = .chunkSize
        } else if byte == HTTP1Bytes.cr && !sawCR {
            state = .chunkDataEnd(sawCR: true)
        } else {
            throw .malformed("chunk data is not followed by CRLF (a chunk is longer than its size, or the CRLF is missing)")
        }
    }

    /// Checks the trailer line in `lineBuffer` and keeps its field in `trailers`; `true` when it is the empty
    /// line that ends the body.
    private mutating func trailerLine(used: Int, fields: Int) throws(HTTP1ParseError) -> Bool {
        let lineLength = lineBuffer.count
        // nil: the empty line; an empty array: a field dropped (a `Set-Cookie` a browser would ignore).
        let field = try lineBuffer.withHTTP1Bytes { line throws(HTTP1ParseError) -> [HTTPHeaders.Field]? in
            var position = 0
            guard let content = HTTP1HeadParser.nextLine(line, &position), !content.isEmpty else { return nil }
            guard let (name, value, ascii) = try HTTP1HeadParser.parseField(line, content) else { return [] }
            return [HTTPHeaders.Field(name: HTTP1Bytes.string(line, name, ascii: true), value: HTTP1Bytes.string(line, value, ascii: ascii))]
        }
        lineBuffer.removeAll(keepingCapacity: true)
        guard let field else { return true }
        if fields + 1 > limits.maximumHeaderCount {
            throw .malformed("the chunked body has more than \(limits.maximumHeaderCount) trailer fields")
        }
        trailers += field
        state = .trailers(bytes: used + lineLength, fields: fields + 1)
        return false
    }

    /// Ends the response: pending body bytes, then `.end`.
    private mutating func finish(_ events: inout [HTTP1Event], _ body: inout HTTP1PendingBody) {
        body.flush(into: &events)
        events.append(.end(reusable: keepAlive))
        state = .complete
    }

    /// Collects head bytes from `bytes[offset...]`; once the head is complete, parses it and moves to its body.
    /// Returns the offset after what it consumed.
    private mutating func consumeHead(
        _ bytes: UnsafeRawBufferPointer, from offset: Int, into events: inout [HTTP1Event]
    ) throws(HTTP1ParseError) -> Int {
        let limit = max(0, min(limits.maximumHeaderBytes, Int.max / 2))  // a negative or huge limit cannot overflow
        let available = bytes.count - offset
        let previous = headBuffer.count
        if previous == 0 {
            // The whole head is usually in one read: parse it in place, no copy, finding each line once.
            let input = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            try HTTP1HeadParser.checkVersionPrefix(input, from: 0)
            let visible = UnsafeRawBufferPointer(rebasing: input.prefix(limit + 1))
            let parsed: (head: HTTP1ResponseHead, end: Int)?
            do {
                parsed = try HTTP1HeadParser.parse(visible, request: request, limits: limits)
            } catch {
                // A fault counts once the whole head is here, as when the head spans reads: whatever the read
                // boundaries, the same bytes give the same outcome.
                guard HTTP1HeadParser.headEnd(in: visible, from: 0) != nil else { return try offset + bufferHead(input, available, limit) }
                throw error
            }
            if let (head, end) = parsed {
                guard end <= limit else { throw tooLargeHead() }
                try headParsed(head, &events)
                return offset + end
            }
            return try offset + bufferHead(input, available, limit)
        }
        let appended = min(available, limit + 1 - previous)
        headBuffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + appended)]))
        let scanFrom = headScanFrom
        let found = try headBuffer.withHTTP1Bytes { buffer throws(HTTP1ParseError) -> Int? in
            if previous < 7 { try HTTP1HeadParser.checkVersionPrefix(buffer, from: previous) }
            return HTTP1HeadParser.headEnd(in: buffer, from: scanFrom)
        }
        guard let end = found else {
            guard headBuffer.count <= limit else { throw tooLargeHead() }
            headScanFrom = max(0, headBuffer.count - 2)
            return offset + appended
        }
        guard end <= limit else { throw tooLargeHead() }
        let parsed = try headBuffer.withHTTP1Bytes { buffer throws(HTTP1ParseError) in
            try HTTP1HeadParser.parse(UnsafeRawBufferPointer(rebasing: buffer[..<end]), request: request, limits: limits)
        }
        // `headEnd` and the head parser agree on where the empty line is, so a head is always found here.
        guard let (head, _) = parsed else { throw .malformed("the response head has no end") }
        headBuffer.removeAll(keepingCapacity: true)
        headScanFrom = 0
        try headParsed(head, &events)
        return offset + (end - previous)
    }

    /// Starts collecting a head that did not end in its first read; returns the bytes consumed (all of them).
    private mutating func bufferHead(_ input: UnsafeRawBufferPointer, _ available: Int, _ limit: Int) throws(HTTP1ParseError) -> Int {
        guard available <= limit else { throw tooLargeHead() }
        headBuffer.reserveCapacity(max(1024, available * 2))
        headBuffer.append(contentsOf: input)
        headScanFrom = max(0, available - 2)
        return available
    }

    private func tooLargeHead() -> HTTP1ParseError {
        .malformed("the response head is larger than \(limits.maximumHeaderBytes) bytes")
    }

    /// Acts on a parsed head: skips or surfaces an interim response, or emits the head and enters its body.
    private mutating func headParsed(_ head: HTTP1ResponseHead, _ events: inout [HTTP1Event]) throws(HTTP1ParseError) {
        if (100..<200).contains(head.statusCode) {
            if head.statusCode == 101 {
                guard expectsUpgrade else { throw .malformed("101 Switching Protocols, but the client never asks to upgrade") }
                switchingHead = head
                state = .switched
                return
            }
            interimResponses += 1
            if interimResponses > limits.maximumInterimResponses {
                throw .malformed("more than \(limits.maximumInterimResponses) interim (1xx) responses")
            }
            if head.statusCode == 100 && expectsContinue {
                expectsContinue = false
                events.append(.continue)
            }
            return  // stay in .head for the final response
        }
        events.append(.head(head))
        keepAlive = head.keepAlive
        declaredLength = 0
        switch head.framing {
        case .none, .length(0):
            events.append(.end(reusable: keepAlive))
            state = .complete
        case .length(let length):
            declaredLength = length
            state = .lengthBody(remaining: length)
        case .chunked:
            state = .chunkSize
        case .untilClose:
            state = .untilClose
        }
    }

    /// Copies bytes up to and including the next LF into `lineBuffer`; true once it holds a whole line.
    private mutating func takeLine(_ bytes: UnsafeRawBufferPointer, _ offset: inout Int, limit: Int, what: String) throws(HTTP1ParseError) -> Bool {
        let end = HTTP1Bytes.index(of: HTTP1Bytes.lf, in: bytes, from: offset).map { $0 + 1 } ?? bytes.count
        guard lineBuffer.count + (end - offset) <= limit else {
            throw .malformed("the \(what) is longer than \(limit) bytes")
        }
        lineBuffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
        offset = end
        return lineBuffer.last == HTTP1Bytes.lf
    }
}
