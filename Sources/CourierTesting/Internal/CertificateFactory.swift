#if canImport(COpenSSL)
import COpenSSL
import CourierSockets
import Foundation
#if canImport(Musl)
import Musl
#else
import Glibc
#endif

/// Generates `HeldCertificate`s with OpenSSL's API, in-process (no `openssl` command).
enum CertificateFactory {
    /// What to generate.
    struct Request {
        enum Role { case authority, server, client }
        var role: Role
        var commonName: String
        var hosts: [String]
        var validity: ClosedRange<Date>
        var keyType: HeldCertificate.KeyType
    }

    /// A new key and certificate for `request`, signed by `authority` (self-signed when nil).
    static func make(_ request: Request, signedBy authority: HeldCertificate?) throws(HeldCertificateError) -> HeldCertificate {
        try validate(request)
        OpenSSLErrorQueue.clear()
        let issuer = try authority.map { authority throws(HeldCertificateError) in try Issuer(authority) }
        let key = try generateKey(request.keyType)
        defer { EVP_PKEY_free(key) }
        guard let certificate = X509_new() else { throw failure("X509_new") }
        defer { X509_free(certificate) }

        guard X509_set_version(certificate, 2) == 1,  // X.509 v3
              ASN1_INTEGER_set_uint64(X509_get_serialNumber(certificate), UInt64.random(in: 1...UInt64(Int64.max))) == 1,
              ASN1_TIME_set(X509_getm_notBefore(certificate), time_t(request.validity.lowerBound.timeIntervalSince1970)) != nil,
              ASN1_TIME_set(X509_getm_notAfter(certificate), time_t(request.validity.upperBound.timeIntervalSince1970)) != nil,
              X509_set_pubkey(certificate, key) == 1
        else { throw failure("cannot fill in the certificate") }

        let subject = X509_get_subject_name(certificate)
        guard X509_NAME_add_entry_by_txt(subject, "O", MBSTRING_ASC, "Courier Test", -1, -1, 0) == 1,
              X509_NAME_add_entry_by_txt(subject, "CN", MBSTRING_ASC, request.commonName, -1, -1, 0) == 1,
              X509_set_issuer_name(certificate, issuer.map { X509_get_subject_name($0.certificate) } ?? subject) == 1
        else { throw failure("cannot set the subject and issuer names") }

        try addExtensions(to: certificate, request, issuer: issuer?.certificate ?? certificate)
        guard X509_sign(certificate, issuer?.key ?? key, EVP_sha256()) > 0 else { throw failure("cannot sign the certificate") }

        guard let certificatePEM = pem({ PEM_write_bio_X509($0, certificate) }),
              let keyPEM = pem({ PEM_write_bio_PrivateKey($0, key, nil, nil, 0, nil, nil) }),
              let hash = SubjectPublicKeyInfo.sha256Base64(of: certificate)
        else { throw failure("cannot encode the certificate") }
        OpenSSLErrorQueue.clear()
        return HeldCertificate(
            certificatePEM: certificatePEM, privateKeyPEM: keyPEM, publicKeySHA256: hash, commonName: request.commonName,
            hosts: request.hosts, isAuthority: request.role == .authority
        )
    }

    /// A `HeldCertificate` for existing PEM text (see `HeldCertificate.init(certificatePEM:privateKeyPEM:)`).
    static func load(certificatePEM: String, privateKeyPEM: String) throws(HeldCertificateError) -> HeldCertificate {
        let certificates: [OpaquePointer]
        let key: OpaquePointer
        do {
            certificates = try PEM.certificates(in: certificatePEM, what: "certificatePEM")
        } catch {
            throw .invalidParameter("\(error)")
        }
        defer { certificates.forEach { X509_free($0) } }
        do {
            key = try PEM.privateKey(in: privateKeyPEM, what: "privateKeyPEM")
        } catch {
            throw .invalidParameter("\(error)")
        }
        defer { EVP_PKEY_free(key) }
        let certificate = certificates[0]
        guard X509_check_private_key(certificate, key) == 1 else {
            OpenSSLErrorQueue.clear()
            throw .invalidParameter("privateKeyPEM is not the key of the certificate")
        }
        guard let hash = SubjectPublicKeyInfo.sha256Base64(of: certificate) else { throw failure("the certificate's public key") }
        var name = [CChar](repeating: 0, count: 256)
        let length = X509_NAME_get_text_by_NID(X509_get_subject_name(certificate), NID_commonName, &name, Int32(name.count))
        let commonName = length > 0 ? String(decoding: name[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return HeldCertificate(
            certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM, publicKeySHA256: hash, commonName: commonName,
            hosts: [], isAuthority: X509_check_ca(certificate) != 0
        )
    }

    // MARK: Parts

    /// The signing authority's certificate and key, parsed back from its PEM text; freed on deinit.
    private final class Issuer {
        let certificate: OpaquePointer
        let key: OpaquePointer

        init(_ authority: HeldCertificate) throws(HeldCertificateError) {
            guard authority.isAuthority else {
                throw .invalidAuthority("'\(authority.commonName)' is not a certificate authority")
            }
            let certificates: [OpaquePointer]
            do {
                certificates = try PEM.certificates(in: authority.certificatePEM, what: "the authority's certificate")
            } catch {
                throw .invalidAuthority("\(error)")
            }
            certificates.dropFirst().forEach { X509_free($0) }
            do {
                key = try PEM.privateKey(in: authority.privateKeyPEM, what: "the authority's private key")
            } catch {
                X509_free(certificates[0])
                throw .invalidAuthority("\(error)")
            }
            certificate = certificates[0]
        }

        deinit {
            X509_free(certificate)
            EVP_PKEY_free(key)
        }
    }

    private static func generateKey(_ type: HeldCertificate.KeyType) throws(HeldCertificateError) -> OpaquePointer {
        let key: OpaquePointer?
        switch type {
        case .ecP256:
            key = courier_EVP_EC_gen_P256()
        case .rsa(let bits):
            guard (2048...8192).contains(bits) else { throw .invalidParameter("RSA keys need 2048 to 8192 bits, not \(bits)") }
            key = courier_EVP_RSA_gen(UInt32(bits))
        }
        guard let key else { throw failure("key generation") }
        return key
    }

    private static func addExtensions(to certificate: OpaquePointer, _ request: Request, issuer: OpaquePointer) throws(HeldCertificateError) {
        var context = X509V3_CTX()  // zeroed: no configuration database (X509V3_set_ctx_nodb)
        X509V3_set_ctx(&context, issuer, certificate, nil, nil, 0)
        var extensions: [(Int32, String)] = []
        let isRSA = if case .rsa = request.keyType { true } else { false }
        switch request.role {
        case .authority:
            extensions = [
                (NID_basic_constraints, "critical,CA:TRUE"),
                (NID_key_usage, "critical,keyCertSign,cRLSign,digitalSignature"),
                (NID_subject_key_identifier, "hash"),
            ]
            if issuer != certificate { extensions.append((NID_authority_key_identifier, "keyid:always")) }
        case .server, .client:
            extensions = [
                (NID_basic_constraints, "critical,CA:FALSE"),
                (NID_key_usage, isRSA ? "critical,digitalSignature,keyEncipherment" : "critical,digitalSignature"),
                (NID_ext_key_usage, request.role == .server ? "serverAuth" : "clientAuth"),
                (NID_subject_key_identifier, "hash"),
                (NID_authority_key_identifier, "keyid:always"),
            ]
        }
        for (nid, value) in extensions {
            guard let ext = X509V3_EXT_conf_nid(nil, &context, nid, value) else { throw failure("extension \(value)") }
            defer { X509_EXTENSION_free(ext) }
            guard X509_add_ext(certificate, ext, -1) == 1 else { throw failure("extension \(value)") }
        }
        guard !request.hosts.isEmpty else { return }
        guard let names = courier_general_names_new() else { throw failure("subjectAltName") }
        defer { GENERAL_NAMES_free(names) }
        for host in request.hosts {
            guard courier_general_names_add(names, host, isIPAddress(host) ? 1 : 0) == 1 else {
                throw .invalidHost("'\(host)' cannot be put in a subjectAltName")
            }
        }
        // X509_add1_ext_i2d encodes `names` into a new extension; it keeps no reference to them.
        guard X509_add1_ext_i2d(certificate, NID_subject_alt_name, UnsafeMutableRawPointer(names), 0, UInt(X509V3_ADD_DEFAULT)) == 1 else {
            throw failure("subjectAltName")
        }
    }

    /// PEM text written by `write` into a memory BIO, or nil.
    private static func pem(_ write: (OpaquePointer) -> Int32) -> String? {
        guard let bio = BIO_new(BIO_s_mem()) else { return nil }
        defer { BIO_free(bio) }
        guard write(bio) == 1 else { return nil }
        var data: UnsafeMutablePointer<CChar>? = nil
        let length = courier_BIO_get_mem_data(bio, &data)
        guard let data, length > 0 else { return nil }
        // The BIO owns `data` until BIO_free (deferred above); the bytes are copied into the String first.
        return String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    }

    private static func validate(_ request: Request) throws(HeldCertificateError) {
        for host in request.hosts {
            if isIPAddress(host) { continue }
            let allowed = !host.isEmpty && host.utf8.count <= 253 && host.utf8.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == 0x2D || byte == 0x2E || byte == 0x2A  // - . *
            }
            guard allowed else { throw .invalidHost("'\(host)' is neither a DNS name (letters, digits, -, ., *) nor an IP address") }
        }
        let name = request.commonName
        guard !name.isEmpty, name.utf8.count <= 64, name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            throw .invalidParameter("the common name must be 1 to 64 printable ASCII characters: '\(name)'")
        }
        guard request.validity.lowerBound < request.validity.upperBound else {
            throw .invalidParameter("the validity window is empty")
        }
    }

    private static func isIPAddress(_ host: String) -> Bool {
        TLSConnection.isIPAddress(host)
    }

    private static func failure(_ step: String) -> HeldCertificateError {
        .openSSL("\(step): \(OpenSSLErrorQueue.drain() ?? "no reason given")")
    }
}
#endif
