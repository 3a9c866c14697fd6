import Foundation

/// Buffered, timeout-aware reading from one connection's socket. Used by a single connection thread only.
final class SocketReader {
    enum Failure: Error {
        /// The peer closed its side (EOF) or the socket failed.
        case closed
        /// Nothing arrived within the timeout.
        case timedOut
        /// The server is shutting down.
        case stopped
        /// A line exceeded its byte limit.
        case lineTooLong
    }

    private let fd: Int32
    private let lifecycle: Lifecycle
    #if canImport(COpenSSL)
    /// Set on a TLS connection: bytes come decrypted from it instead of from `recv`.
    private let tls: ServerTLSSession?
    #endif
    private var buffer: [UInt8] = []
    private var position = 0
    /// Total bytes received on this connection.
    private(set) var totalReceived: Int64 = 0

    init(fd: Int32, lifecycle: Lifecycle) {
        self.fd = fd
        self.lifecycle = lifecycle
        #if canImport(COpenSSL)
        self.tls = nil
        #endif
        buffer.reserveCapacity(64 * 1024)
    }

    #if canImport(COpenSSL)
    /// A reader of the decrypted bytes of `tls` (whose socket is `fd`).
    init(fd: Int32, lifecycle: Lifecycle, tls: ServerTLSSession) {
        self.fd = fd
        self.lifecycle = lifecycle
        self.tls = tls
        buffer.reserveCapacity(64 * 1024)
    }
    #endif

    /// Bytes received but not consumed yet.
    var buffered: Int { buffer.count - position }

    /// The first `count` bytes received but not consumed (fewer when fewer are buffered), left in place.
    func peek(_ count: Int) -> ArraySlice<UInt8> {
        buffer[position..<(position + min(count, buffered))]
    }

    /// Whether received bytes are waiting to be decrypted (a TLS record read but not yet taken), so the
    /// socket need not become readable for `fill` to return at once.
    var hasPendingInput: Bool {
        #if canImport(COpenSSL)
        return tls?.hasPending ?? false
        #else
        return false
        #endif
    }

    /// Receives more bytes, waiting at most `timeout` seconds for them.
    func fill(timeout: Double) throws(Failure) {
        if position == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            position = 0
        } else if position >= 64 * 1024 {
            buffer.removeFirst(position)
            position = 0
        }
        let deadline = Self.deadline(after: timeout)
        #if canImport(COpenSSL)
        if let tls {
            try fill(from: tls, deadline: deadline)
            return
        }
        #endif
        while true {
            if lifecycle.isStopped { throw .stopped }
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { throw .timedOut }
            // Slices of at most 500 ms, so a stopping server is noticed even if no wake-up reaches the poll.
            let slice = Int32(min(500, max(1, remaining.seconds * 1000)))
            if POSIX.pollReadable(fd, milliseconds: slice) { break }
        }
        let count = withUnsafeTemporaryAllocation(byteCount: 64 * 1024, alignment: 1) { scratch -> Int in
            var count = POSIX.receive(fd, into: scratch)
            while count < 0 && POSIX.errno == EINTR { count = POSIX.receive(fd, into: scratch) }
            if count > 0 { buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<count])) }
            return count
        }
        guard count > 0 else {
            if lifecycle.isStopped { throw .stopped }
            throw .closed
        }
        totalReceived += Int64(count)
    }

    #if canImport(COpenSSL)
    /// `fill` for a TLS connection: one `SSL_read` of up to 64 KiB, waiting until `deadline`.
    private func fill(from tls: ServerTLSSession, deadline: ContinuousClock.Instant) throws(Failure) {
        let outcome = withUnsafeTemporaryAllocation(byteCount: 64 * 1024, alignment: 1) { scratch in
            let outcome = tls.receive(into: scratch, deadline: deadline)
            if case .bytes(let count) = outcome {
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<count]))
            }
            return outcome
        }
        switch outcome {
        case .bytes(let count): totalReceived += Int64(count)
        case .timedOut: throw .timedOut
        case .stopped: throw .stopped
        case .closed: throw lifecycle.isStopped ? .stopped : .closed
        }
    }
    #endif

    /// Reads one line ending in LF (a preceding CR is dropped) of at most `limit` bytes including the line
    /// ending, waiting at most `timeout` seconds for the whole line.
    func readLine(limit: Int, timeout: Double) throws(Failure) -> [UInt8] {
        try readLine(limit: limit, deadline: Self.deadline(after: timeout))
    }

    /// Reads one line as `readLine(limit:timeout:)`, failing with `.timedOut` once `deadline` has passed: a
    /// client trickling bytes cannot stretch a line (or a header section sharing one deadline) forever.
    func readLine(limit: Int, deadline: ContinuousClock.Instant) throws(Failure) -> [UInt8] {
        var scanned = 0  // bytes after `position` already searched (indices move when `fill` compacts)
        while true {
            if let newline = buffer[(position + scanned)...].firstIndex(of: 10) {
                let length = newline - position + 1
                guard length <= limit else { throw .lineTooLong }
                var end = newline
                if end > position && buffer[end - 1] == 13 { end -= 1 }
                let line = Array(buffer[position..<end])
                position = newline + 1
                return line
            }
            scanned = buffered
            if buffered >= limit { throw .lineTooLong }
            try fill(timeout: ContinuousClock.now.duration(to: deadline).seconds)
        }
    }

    /// The instant `seconds` from now (at least now; at most about 31 years, so `.seconds(.max)` meaning
    /// "forever" cannot overflow the conversion to milliseconds).
    static func deadline(after seconds: Double) -> ContinuousClock.Instant {
        ContinuousClock.now.advanced(by: .milliseconds(Int64(min(max(0, seconds), 1e9) * 1000)))
    }

    /// Takes up to `maximum` buffered bytes, receiving first if none are buffered.
    func read(upTo maximum: Int, timeout: Double) throws(Failure) -> ArraySlice<UInt8> {
        if buffered == 0 { try fill(timeout: timeout) }
        let count = min(maximum, buffered)
        defer { position += count }
        return buffer[position..<(position + count)]
    }

    /// Reads and discards what the peer still sends, until it closes, goes quiet for `quietPeriod` seconds,
    /// or `limit` bytes were discarded. Lets an error response reach the client before the close (closing
    /// with unread input would send an RST that can destroy the response in flight).
    func drain(quietPeriod: Double, limit: Int) {
        position = buffer.count
        var discarded = 0
        while discarded < limit {
            do {
                try fill(timeout: quietPeriod)
            } catch {
                return
            }
            discarded += buffered
            position = buffer.count
        }
    }

    /// Waits until the peer closes the connection or the server stops, discarding anything received.
    func waitForClose() {
        while true {
            do {
                try fill(timeout: 3600)
                position = buffer.count
            } catch .timedOut {
                continue
            } catch {
                return
            }
        }
    }
}
