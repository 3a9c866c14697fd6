/// Cuts HTTP/2 frames out of received bytes, incrementally: append what arrived, then take frames until
/// `nextFrame()` returns nil (RFC 9113 §4, §6).
///
/// The bytes live in one growable buffer read from an offset; the consumed front is dropped only when it
/// is at least half the buffer, so taking a frame never shifts the bytes behind it. A frame's header is
/// checked as soon as its 9 octets are here, so an oversized frame is refused before its payload is
/// buffered.
///
/// Errors carry the RFC's code and scope. After a stream error the frame has been consumed and decoding may
/// go on; after a connection error the decoder stays failed (every later call throws the same error).
package struct HTTP2FrameDecoder: Sendable {
    /// The client connection preface a server reads first (RFC 9113 §3.4).
    package static let clientPreface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    /// The largest frame payload accepted: our SETTINGS_MAX_FRAME_SIZE.
    package var maximumFrameSize: Int
    private var buffer: [UInt8] = []
    private var offset = 0
    private var awaitingPreface: Bool
    private var failure: HTTP2Error?

    /// Creates a decoder accepting payloads up to `maximumFrameSize` octets; a server-side decoder
    /// (`expectsClientPreface`) first requires the 24-octet client preface.
    package init(maximumFrameSize: Int = Int(HTTP2Settings.minimumMaxFrameSize), expectsClientPreface: Bool = false) {
        self.maximumFrameSize = maximumFrameSize
        self.awaitingPreface = expectsClientPreface
    }

    /// The received bytes not yet decoded into frames.
    package var bufferedByteCount: Int { buffer.count - offset }

    /// Adds received bytes.
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Adds received bytes.
    package mutating func append(_ bytes: [UInt8]) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    private mutating func compact() {
        if offset == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            offset = 0
        } else if offset >= 4096, offset * 2 >= buffer.count {
            buffer.removeSubrange(0..<offset)
            offset = 0
        }
    }

    /// The next complete frame, or nil when more bytes are needed. Frames of unknown types come out as
    /// `.unknown` (a receiver ignores them, except inside a field block).
    package mutating func nextFrame() throws(HTTP2Error) -> HTTP2Frame? {
        if let failure { throw failure }
        do {
            if awaitingPreface {
                guard try readPreface() else { return nil }
            }
            return try readFrame()
        } catch {
            if error.scope == .connection { failure = error }
            throw error
        }
    }

    private mutating func readPreface() throws(HTTP2Error) -> Bool {
        let preface = Self.clientPreface
        let available = min(bufferedByteCount, preface.count)
        guard buffer[offset..<offset + available].elementsEqual(preface[0..<available]) else {
            throw .connection(.protocolError, "the client connection preface is wrong")
        }
        guard available == preface.count else { return false }
        offset += preface.count
        awaitingPreface = false
        return true
    }

    private mutating func readFrame() throws(HTTP2Error) -> HTTP2Frame? {
        guard bufferedByteCount >= HTTP2Frame.headerLength else { return nil }
        let header = FrameHeader(buffer, at: offset)
        guard header.length <= maximumFrameSize else {
            throw .connection(.frameSizeError, "a frame of \(header.length) octets over our maximum \(maximumFrameSize)")
        }
        guard bufferedByteCount >= HTTP2Frame.headerLength + header.length else { return nil }
        let start = offset + HTTP2Frame.headerLength
        offset = start + header.length
        var payload = PayloadReader(buffer: buffer, start: start, end: offset)
        return try header.decode(&payload)
    }
}
