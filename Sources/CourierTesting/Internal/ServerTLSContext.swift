#if canImport(COpenSSL)
import COpenSSL
import CourierSockets

/// The server side `SSL_CTX` of a `MockWebServer` over TLS, built once at `start()`.
final class ServerTLSContext: @unchecked Sendable {
    // @unchecked Sendable: `context` is fully configured in `init` and never changed afterwards; SSL_new on a
    // configured SSL_CTX is safe from many threads (OpenSSL locks its reference count and session cache).
    /// The `SSL_CTX *`, owned.
    let context: OpaquePointer

    init(_ tls: MockWebServer.TLS, offersHTTP2: Bool) throws(MockWebServerError) {
        OpenSSLErrorQueue.clear()
        guard let context = SSL_CTX_new(TLS_server_method()) else { throw Self.failure("cannot create an OpenSSL context") }
        self.context = context  // `deinit` frees it if a step below throws
        guard courier_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) == 1 else {
            throw Self.failure("cannot set the minimum TLS version")
        }
        if let maximum = tls.maximumVersion {
            let version = maximum == .tls13 ? TLS1_3_VERSION : TLS1_2_VERSION
            guard courier_SSL_CTX_set_max_proto_version(context, version) == 1 else {
                throw Self.failure("cannot set the maximum TLS version")
            }
        }
        // A client closing without close_notify reads as a clean close, like a plain socket's EOF.
        SSL_CTX_set_options(context, courier_SSL_OP_ignore_unexpected_eof_no_renegotiation())
        courier_SSL_CTX_select_alpn(context, offersHTTP2 ? 1 : 0)
        let sessionContext = Array("MockWebServer".utf8)
        _ = SSL_CTX_set_session_id_context(context, sessionContext, UInt32(sessionContext.count))

        try use(tls.certificate.certificatePEM, what: "the server certificate") { SSL_CTX_use_certificate(context, $0) }
        for (index, intermediate) in tls.intermediates.enumerated() {
            try use(intermediate.certificatePEM, what: "intermediates[\(index)]") { courier_SSL_CTX_add1_chain_cert(context, $0) }
        }
        do {
            let key = try PEM.privateKey(in: tls.certificate.privateKeyPEM, what: "the server key")
            defer { EVP_PKEY_free(key) }  // SSL_CTX_use_PrivateKey takes its own reference
            guard SSL_CTX_use_PrivateKey(context, key) == 1, SSL_CTX_check_private_key(context) == 1 else {
                throw Self.failure("the server key does not match its certificate")
            }
        } catch let error as MockWebServerError {
            throw error
        } catch {
            throw .cannotStart(reason: "\(error)")
        }
        if let authority = tls.requiredClientAuthority {
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT, nil)
            let store = SSL_CTX_get_cert_store(context)
            try use(authority.certificatePEM, what: "requiredClientAuthority") { certificate in
                // Both take their own reference (add_client_CA copies the name into the list sent to clients).
                X509_STORE_add_cert(store, certificate) == 1 && SSL_CTX_add_client_CA(context, certificate) == 1 ? 1 : 0
            }
        }
        OpenSSLErrorQueue.clear()
    }

    deinit {
        SSL_CTX_free(context)
    }

    /// Parses the first certificate of `pem` and hands it to `apply` (which must take its own reference).
    private func use(_ pem: String, what: String, _ apply: (OpaquePointer) -> Int32) throws(MockWebServerError) {
        let certificates: [OpaquePointer]
        do {
            certificates = try PEM.certificates(in: pem, what: what)
        } catch {
            throw .cannotStart(reason: "\(error)")
        }
        defer { certificates.forEach { X509_free($0) } }
        guard apply(certificates[0]) == 1 else { throw Self.failure("cannot use \(what)") }
    }

    private static func failure(_ message: String) -> MockWebServerError {
        .cannotStart(reason: "TLS: \(message)" + (OpenSSLErrorQueue.drain().map { ": \($0)" } ?? ""))
    }
}
#endif
