#if canImport(COpenSSL)
import COpenSSL
import CourierHTTP

/// Reading certificates and keys from PEM text.
package enum PEM {
    /// Every certificate in `text`, in order, as owned `X509` pointers the caller frees with `X509_free`.
    /// Throws a `.tls` failure naming `what` when the text holds no certificate or a damaged one.
    package static func certificates(in text: String, what: String) throws(NetworkError) -> [OpaquePointer] {
        OpenSSLErrorQueue.clear()
        var certificates: [OpaquePointer] = []
        let failed: Bool = withMemoryBIO(text) { bio in
            while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
                certificates.append(certificate)
            }
            // The loop ends with PEM_R_NO_START_LINE once no certificate is left; anything else is damage.
            let last = ERR_peek_last_error()
            let clean = ERR_GET_LIB(last) == ERR_LIB_PEM && ERR_GET_REASON(last) == PEM_R_NO_START_LINE
            return bio == nil || !(last == 0 || clean)
        }
        if failed || certificates.isEmpty {
            certificates.forEach { X509_free($0) }
            throw OpenSSLErrorQueue.failure(certificates.isEmpty && !failed
                ? "\(what) holds no PEM certificate" : "\(what) is not a valid PEM certificate")
        }
        OpenSSLErrorQueue.clear()
        return certificates
    }

    /// The private key in `text` as an owned `EVP_PKEY` the caller frees with `EVP_PKEY_free`. Encrypted keys
    /// are refused (no password prompt). Throws a `.tls` failure naming `what`.
    package static func privateKey(in text: String, what: String) throws(NetworkError) -> OpaquePointer {
        OpenSSLErrorQueue.clear()
        let key: OpaquePointer? = withMemoryBIO(text) { bio in
            // A password callback that gives none: an encrypted key fails instead of prompting on a terminal.
            PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in -1 }, nil)
        }
        guard let key else { throw OpenSSLErrorQueue.failure("\(what) is not a valid unencrypted PEM private key") }
        OpenSSLErrorQueue.clear()
        return key
    }

    /// Runs `body` with a read-only memory BIO over `text` (nil if OpenSSL is out of memory).
    private static func withMemoryBIO<T>(_ text: String, _ body: (OpaquePointer?) -> T) -> T {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes.append(0) }  // BIO_new_mem_buf needs a valid pointer; a NUL is no PEM
        return bytes.withUnsafeBytes { raw in
            // The BIO reads `raw` only inside this closure, where the array is alive, and is freed before it ends.
            let bio = BIO_new_mem_buf(raw.baseAddress, Int32(clamping: raw.count))
            defer { BIO_free(bio) }
            return body(bio)
        }
    }
}
#endif
