#if canImport(COpenSSL)
import COpenSSL
import Foundation

/// The SubjectPublicKeyInfo of a certificate, hashed for public-key pins.
package enum SubjectPublicKeyInfo {
    /// The base64 SHA-256 of the DER SubjectPublicKeyInfo of `certificate` (an `X509 *`, borrowed), the
    /// value pins compare (`openssl x509 -pubkey | openssl pkey -pubin -outform der | openssl dgst -sha256`);
    /// nil if the certificate has no readable key.
    package static func sha256Base64(of certificate: OpaquePointer) -> String? {
        guard let key = X509_get_X509_PUBKEY(certificate) else { return nil }
        let length = i2d_X509_PUBKEY(key, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            // i2d advances the pointer it is given; it writes exactly `length` bytes into the array's storage.
            var cursor = buffer.baseAddress
            return i2d_X509_PUBKEY(key, &cursor)
        }
        guard written == length else { return nil }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var digestLength: UInt32 = 0
        let ok = der.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input.baseAddress, input.count, output.baseAddress, &digestLength, EVP_sha256(), nil)
            }
        }
        guard ok == 1 else { return nil }
        return Data(digest.prefix(Int(digestLength))).base64EncodedString()
    }
}
#endif
