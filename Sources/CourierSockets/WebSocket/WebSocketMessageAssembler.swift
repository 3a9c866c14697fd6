import CourierHTTP
import Foundation

/// Joins frames into messages (RFC 6455 §5.4): fragments in order with control frames between them, the
/// message size limit (after decompression: the decompression-bomb cap), permessage-deflate (RFC 7692) and
/// UTF-8 checked as each fragment arrives, so a bad byte fails at once. Violations throw a `WebSocketError`
/// with the close code to send: 1002 for a misplaced fragment, 1007 for bad UTF-8, 1009 for a message over
/// the limit. After one, every call throws it again.
package struct WebSocketMessageAssembler {
    /// The largest message accepted, in bytes after decompression.
    package let maximumMessageSize: Int

    /// The message being assembled: its opcode (text or binary) and whether it is compressed.
    private var current: (opcode: WebSocketOpcode, compressed: Bool)?
    private var payload: [UInt8] = []
    private var utf8 = WebSocketUTF8Validator()
    private var failure: WebSocketError?
    #if canImport(CZlib)
    private let inflater: WebSocketInflater?
    #endif

    /// An assembler with a size limit; `compression` is the negotiated permessage-deflate, if any, read as
    /// `role` (which decides whose context-takeover setting applies to received messages).
    package init(maximumMessageSize: Int, compression: PerMessageDeflate? = nil, role: WebSocketRole) throws(WebSocketError) {
        self.maximumMessageSize = maximumMessageSize
        #if canImport(CZlib)
        inflater = try compression.map { (compression) throws(WebSocketError) in
            try WebSocketInflater(noContextTakeover: compression.receivesWithoutContextTakeover(as: role))
        }
        #else
        if compression != nil {
            throw WebSocketError(.invalidArgument, "permessage-deflate needs zlib, which this platform's build does not link")
        }
        #endif
    }

    /// Takes the next frame: the event it completes, or nil for a fragment that does not end its message.
    package mutating func take(_ frame: WebSocketFrame) throws(WebSocketError) -> WebSocketEvent? {
        if let failure { throw failure }
        do {
            return try assemble(frame)
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func assemble(_ frame: WebSocketFrame) throws(WebSocketError) -> WebSocketEvent? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return .close(try WebSocketClosePayload(received: frame.payload))
        case .continuation:
            guard current != nil else { throw .protocolViolation("a continuation frame with no message to continue") }
        case .text, .binary:
            guard current == nil else {
                throw .protocolViolation("a new \(frame.opcode) message before the fragmented one ended")
            }
            current = (frame.opcode, frame.isCompressed)
        }
        try append(frame)
        guard frame.fin, let (opcode, _) = current else { return nil }
        defer { reset() }
        if opcode == .text {
            guard utf8.isComplete else {
                throw WebSocketError(.invalidUTF8, closeCode: .invalidFramePayloadData, "a text message ends inside a UTF-8 sequence")
            }
            return .message(.text(String(decoding: payload, as: UTF8.self)))
        }
        return .message(.binary(Data(payload)))
    }

    /// Adds a data frame's bytes (inflated when the message is compressed) and checks the new ones.
    private mutating func append(_ frame: WebSocketFrame) throws(WebSocketError) {
        let start = payload.count
        if current?.compressed == true {
            #if canImport(CZlib)
            guard let inflater else { throw .protocolViolation("a compressed message without permessage-deflate") }
            try inflater.inflate(frame.payload, final: frame.fin, into: &payload, limit: maximumMessageSize)
            #else
            throw .protocolViolation("a compressed message without permessage-deflate")
            #endif
        } else {
            guard frame.payload.count <= maximumMessageSize - payload.count else {
                throw WebSocketError(.messageTooBig, closeCode: .messageTooBig,
                                     "a message over \(maximumMessageSize) bytes")
            }
            if payload.isEmpty {
                payload = frame.payload  // a message's first frame is taken as it is, not copied
            } else {
                payload.append(contentsOf: frame.payload)
            }
        }
        guard current?.opcode == .text else { return }
        let invalid = payload.withUnsafeBytes { utf8.validate(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        if let invalid {
            throw WebSocketError(.invalidUTF8, closeCode: .invalidFramePayloadData,
                                 "a text message with an invalid UTF-8 byte at offset \(start + invalid)")
        }
    }

    private mutating func reset() {
        current = nil
        payload = []
        utf8 = WebSocketUTF8Validator()
    }
}
