// The C libraries SocketTransport is built on, on Linux: OpenSSL for TLS and zlib for Content-Encoding.
#if canImport(COpenSSL)
import COpenSSL
#endif
#if canImport(CZlib)
import CZlib
#endif

/// The versions of the C libraries linked in, for diagnostics (`"OpenSSL 3.0.19 …, zlib 1.2.13"`).
package enum SystemLibraries {
    /// OpenSSL's and zlib's version strings, or a note that they are not used on this platform.
    package static var versions: String {
        #if canImport(COpenSSL) && canImport(CZlib)
        let openssl = String(cString: OpenSSL_version(numericCast(OPENSSL_VERSION)))
        let zlib = String(cString: zlibVersion())
        return "\(openssl), zlib \(zlib)"
        #else
        return "OpenSSL and zlib are not used on this platform"
        #endif
    }
}
