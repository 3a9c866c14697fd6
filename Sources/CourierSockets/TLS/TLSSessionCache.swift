#if canImport(COpenSSL)
import COpenSSL
import CourierHTTP

/// Client TLS sessions kept for resumption, one per server, the newest kept. A TLS 1.3 ticket is used once (RFC
/// 8446 appendix C.4; a resumed connection receives a fresh one); a TLS 1.2 session is reused until the server
/// stops accepting it. Bounded: a full cache drops an arbitrary entry.
/// Only sessions of connections that passed verification and the pin check are stored.
package final class TLSSessionCache: Sendable {
    /// One owned `SSL_SESSION *`, freed when the last holder lets go.
    package final class Session: @unchecked Sendable {
        // @unchecked Sendable: the session is immutable once stored; OpenSSL reference-counts it with atomic
        // operations, so SSL_set_session from any thread and the final SSL_SESSION_free are safe.
        /// The session, owned (one reference).
        package let pointer: OpaquePointer

        /// Takes over one reference to `pointer`.
        package init(taking pointer: OpaquePointer) { self.pointer = pointer }

        deinit { SSL_SESSION_free(pointer) }
    }

    /// The most sessions kept.
    package let capacity: Int
    private let sessions = LockedState<[String: Session]>([:])

    /// An empty cache of at most `capacity` sessions.
    package init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
    }

    /// Keeps `session` for `serverName`, replacing any earlier one.
    package func store(_ session: Session, for serverName: String) {
        let dropped: Session? = sessions.withLock { sessions in
            var dropped: Session? = nil
            if sessions[serverName] == nil, sessions.count >= capacity, let victim = sessions.keys.first {
                dropped = sessions.removeValue(forKey: victim)
            }
            sessions[serverName] = session
            return dropped
        }
        _ = dropped  // freed here, outside the lock
    }

    /// The session kept for `serverName`, if any; a TLS 1.3 one is removed (single use).
    package func take(for serverName: String) -> Session? {
        sessions.withLock { sessions in
            guard let session = sessions[serverName] else { return nil }
            if SSL_SESSION_get_protocol_version(session.pointer) >= TLS1_3_VERSION { sessions[serverName] = nil }
            return session
        }
    }

    /// How many sessions are kept.
    package var count: Int {
        sessions.withLock { $0.count }
    }
}
#endif
