#if canImport(COpenSSL)
import COpenSSL
import CourierHTTP
import Foundation

/// One OpenSSL `SSL_CTX` per transport, built once from a `TLSConfiguration`: TLS client method, the minimum
/// version, peer verification against the configured roots, the client identity, the ALPN protocols offered
/// (`http/1.1` unless told). Every
/// `TLSConnection` of the transport is created from it.
package final class TLSContext: @unchecked Sendable {
    // @unchecked Sendable: `context` is fully configured in `init` and never changed afterwards; OpenSSL
    // documents SSL_new on a configured SSL_CTX as safe from many threads (it is reference counted and locked
    // internally). `pins` is immutable.
    /// The `SSL_CTX *`, owned.
    package let context: OpaquePointer
    /// The pins, hashes decoded and validated.
    package let pins: [CertificatePin]
    /// Sessions to resume, nil when `resumesSessions` is off.
    package let sessionCache: TLSSessionCache?

    /// OpenSSL's read-ahead buffer per connection: room for about four full records.
    static let readBufferLength = 64 << 10

    /// Bundles tried when OpenSSL's default locations hold no certificates (Debian/Ubuntu, Fedora/RHEL, Alpine).
    static let fallbackBundles = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem"]

    /// Builds the context. Throws a `.tls` transport failure naming the setting when a root, the client
    /// identity or a pin is invalid.
    package init(configuration: TLSConfiguration, alpn protocols: [String] = ["http/1.1"]) throws(NetworkError) {
        OpenSSLErrorQueue.clear()
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw OpenSSLErrorQueue.failure("cannot create an OpenSSL context")
        }
        self.context = context
        pins = configuration.pins  // validated below; `deinit` frees the context if a check throws
        sessionCache = configuration.resumesSessions ? TLSSessionCache() : nil
        try Self.validate(pins)

        let version = configuration.minimumVersion == .tls13 ? TLS1_3_VERSION : TLS1_2_VERSION
        guard courier_SSL_CTX_set_min_proto_version(context, version) == 1 else {
            throw OpenSSLErrorQueue.failure("cannot set the minimum TLS version")
        }
        // Partial writes map to `.wrote(n)`; a moving buffer lets a retried write pass the same bytes from a
        // new address. Unexpected EOF reads as a clean close: HTTP framing detects a truncated body.
        _ = courier_SSL_CTX_set_mode(context, Int(SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER))
        SSL_CTX_set_options(context, courier_SSL_OP_ignore_unexpected_eof_no_renegotiation())
        // Read-ahead into a 64 KiB buffer: one recv brings several records, where OpenSSL otherwise reads each
        // record with two (its 5-byte header, then its body).
        courier_SSL_CTX_set_read_ahead(context, 1)
        SSL_CTX_set_default_read_buffer_len(context, Self.readBufferLength)
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        let alpn = protocols.flatMap { [UInt8($0.utf8.count)] + Array($0.utf8) }
        guard SSL_CTX_set_alpn_protos(context, alpn, UInt32(alpn.count)) == 0 else {
            throw OpenSSLErrorQueue.failure("cannot set ALPN")
        }

        if sessionCache != nil {
            // The client cache is ours (TLSSessionCache, keyed by server name); OpenSSL hands each new session
            // to the connection it belongs to, found through the SSL's app data.
            _ = courier_SSL_CTX_set_session_cache_mode(context, Int(SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE))
            SSL_CTX_sess_set_new_cb(context) { ssl, session in
                guard let ssl, let session, let owner = SSL_get_ex_data(ssl, 0) else { return 0 }
                // The app data is the TLSConnection that owns `ssl` (set in its init, alive while `ssl` is);
                // the callback runs inside that connection's own OpenSSL call, on its thread.
                let connection = Unmanaged<TLSConnection>.fromOpaque(owner).takeUnretainedValue()
                return connection.received(session) ? 1 : 0
            }
        } else {
            _ = courier_SSL_CTX_set_session_cache_mode(context, Int(SSL_SESS_CACHE_OFF))
        }
        if configuration.trustsSystemRoots { loadSystemRoots() }
        let store = SSL_CTX_get_cert_store(context)
        for (index, pem) in configuration.additionalTrustedRoots.enumerated() {
            let certificates = try PEM.certificates(in: pem, what: "additionalTrustedRoots[\(index)]")
            defer { certificates.forEach { X509_free($0) } }
            for certificate in certificates {
                // Adding a certificate the store already holds is not an error (OpenSSL 1.1.1+).
                guard X509_STORE_add_cert(store, certificate) == 1 else {
                    throw OpenSSLErrorQueue.failure("cannot trust additionalTrustedRoots[\(index)]")
                }
            }
        }
        if let identity = configuration.clientIdentity { try use(identity) }
        OpenSSLErrorQueue.clear()
    }

    deinit {
        SSL_CTX_free(context)
    }

    /// The pins that apply to `host` (empty: the host is not pinned).
    package func pins(for host: String) -> [CertificatePin] {
        pins.filter { $0.matches(host: host) }
    }

    private func loadSystemRoots() {
        _ = SSL_CTX_set_default_verify_paths(context)
        let files = FileManager.default
        let defaultFile = ProcessInfo.processInfo.environment["SSL_CERT_FILE"] ?? String(cString: X509_get_default_cert_file())
        let defaultDirectory = ProcessInfo.processInfo.environment["SSL_CERT_DIR"] ?? String(cString: X509_get_default_cert_dir())
        let hasDirectory = ((try? files.contentsOfDirectory(atPath: defaultDirectory))?.isEmpty == false)
        if !files.fileExists(atPath: defaultFile) && !hasDirectory {
            if let bundle = Self.fallbackBundles.first(where: files.fileExists(atPath:)) {
                _ = SSL_CTX_load_verify_locations(context, bundle, nil)
            }
        }
        OpenSSLErrorQueue.clear()  // a missing default location is not an error
    }

    private func use(_ identity: TLSConfiguration.ClientIdentity) throws(NetworkError) {
        let chain = try PEM.certificates(in: identity.certificateChainPEM, what: "clientIdentity.certificateChainPEM")
        defer { chain.forEach { X509_free($0) } }
        let key = try PEM.privateKey(in: identity.privateKeyPEM, what: "clientIdentity.privateKeyPEM")
        defer { EVP_PKEY_free(key) }
        // use_certificate and add1_chain_cert take their own references; the deferred frees drop ours.
        guard SSL_CTX_use_certificate(context, chain[0]) == 1 else {
            throw OpenSSLErrorQueue.failure("clientIdentity.certificateChainPEM cannot be used")
        }
        for intermediate in chain.dropFirst() {
            guard courier_SSL_CTX_add1_chain_cert(context, intermediate) == 1 else {
                throw OpenSSLErrorQueue.failure("clientIdentity.certificateChainPEM: an intermediate cannot be used")
            }
        }
        guard SSL_CTX_use_PrivateKey(context, key) == 1, SSL_CTX_check_private_key(context) == 1 else {
            throw OpenSSLErrorQueue.failure("clientIdentity.privateKeyPEM does not match the client certificate")
        }
    }

    private static func validate(_ pins: [CertificatePin]) throws(NetworkError) {
        for (index, pin) in pins.enumerated() {
            guard !pin.pattern.isEmpty, !pin.hashes.isEmpty else {
                throw .transport(TransportFailure(kind: .tls, message: "pins[\(index)] needs a host pattern and at least one hash"))
            }
            for hash in pin.hashes where Data(base64Encoded: hash)?.count != 32 {
                throw .transport(TransportFailure(
                    kind: .tls, message: "pins[\(index)] for \(pin.pattern): '\(hash)' is not a base64 SHA-256 hash"
                ))
            }
        }
    }
}
#endif
