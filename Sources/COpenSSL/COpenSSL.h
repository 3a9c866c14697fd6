// OpenSSL for SocketTransport's TLS and CourierTesting's test certificates (Linux only; libssl-dev).
// Functions that OpenSSL defines as macros are wrapped here as static inline functions Swift can call.
#ifndef COURIER_COPENSSL_H
#define COURIER_COPENSSL_H

#include <openssl/ssl.h>
#include <string.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <errno.h>
#include <sys/socket.h>

// MARK: SSL and SSL_CTX controls (macros over SSL_ctrl / SSL_CTX_ctrl)

static inline int courier_SSL_CTX_set_min_proto_version(SSL_CTX *ctx, int version) {
    return (int)SSL_CTX_set_min_proto_version(ctx, version);
}

static inline int courier_SSL_CTX_set_max_proto_version(SSL_CTX *ctx, int version) {
    return (int)SSL_CTX_set_max_proto_version(ctx, version);
}

static inline long courier_SSL_CTX_set_mode(SSL_CTX *ctx, long mode) {
    return SSL_CTX_set_mode(ctx, mode);
}

static inline void courier_SSL_CTX_set_read_ahead(SSL_CTX *ctx, int yes) {
    SSL_CTX_set_read_ahead(ctx, yes);
}

static inline int courier_SSL_CTX_add1_chain_cert(SSL_CTX *ctx, X509 *certificate) {
    return (int)SSL_CTX_add1_chain_cert(ctx, certificate);
}

static inline long courier_SSL_CTX_set_session_cache_mode(SSL_CTX *ctx, long mode) {
    return SSL_CTX_set_session_cache_mode(ctx, mode);
}

/// `SSL_OP_IGNORE_UNEXPECTED_EOF | SSL_OP_NO_RENEGOTIATION` (SSL_OP_BIT macros Swift cannot import).
static inline uint64_t courier_SSL_OP_ignore_unexpected_eof_no_renegotiation(void) {
    return SSL_OP_IGNORE_UNEXPECTED_EOF | SSL_OP_NO_RENEGOTIATION;
}

static inline int courier_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// The protocols a server's ALPN may select, most preferred first (length-prefixed names, NUL-terminated).
static const unsigned char courier_alpn_http11[] = "\x08http/1.1";
static const unsigned char courier_alpn_h2_http11[] = "\x02h2\x08http/1.1";

/// ALPN on a server: selects the first protocol of the list `arg` points to that the client offers, and no
/// protocol otherwise.
static inline int courier_alpn_select(SSL *ssl, const unsigned char **out, unsigned char *outlen,
                                      const unsigned char *in, unsigned int inlen, void *arg) {
    (void)ssl;
    const unsigned char *wanted = (const unsigned char *)arg;
    unsigned char *selected = NULL;
    if (SSL_select_next_proto(&selected, outlen, wanted, (unsigned int)strlen((const char *)wanted), in, inlen)
        == OPENSSL_NPN_NEGOTIATED) {
        *out = selected;
        return SSL_TLSEXT_ERR_OK;
    }
    return SSL_TLSEXT_ERR_NOACK;
}

/// Server ALPN: `h2` (when `offers_h2`) or `http/1.1`, whichever the client offers first in that order.
static inline void courier_SSL_CTX_select_alpn(SSL_CTX *ctx, int offers_h2) {
    SSL_CTX_set_alpn_select_cb(ctx, courier_alpn_select, (void *)(offers_h2 ? courier_alpn_h2_http11 : courier_alpn_http11));
}

// MARK: Stacks (type-safe macros over OPENSSL_sk_*)

static inline int courier_sk_X509_num(const STACK_OF(X509) *stack) {
    return sk_X509_num(stack);
}

static inline X509 *courier_sk_X509_value(const STACK_OF(X509) *stack, int index) {
    return sk_X509_value(stack, index);
}

// MARK: BIOs

static inline long courier_BIO_get_mem_data(BIO *bio, char **data) {
    return BIO_get_mem_data(bio, data);
}

/// The socket BIO's write, but with `send(MSG_NOSIGNAL)`: OpenSSL's own socket BIO calls `write()`, which raises
/// SIGPIPE (killing the process) when the peer has already closed. With this one the write fails with EPIPE.
static inline int courier_bio_socket_write_nosignal(BIO *bio, const char *data, int length) {
    int fd = -1;
    BIO_get_fd(bio, &fd);
    errno = 0;
    int sent = (int)send(fd, data, (size_t)length, MSG_NOSIGNAL);
    BIO_clear_retry_flags(bio);
    if (sent <= 0 && BIO_sock_should_retry(sent)) {
        BIO_set_retry_write(bio);
    }
    return sent;
}

/// A BIO method like `BIO_s_socket()` whose writes never raise SIGPIPE. Create it once and keep it: the BIOs made
/// from it refer to it for their whole life. NULL if OpenSSL is out of memory.
static inline BIO_METHOD *courier_bio_socket_nosignal_method_new(void) {
    const BIO_METHOD *socket = BIO_s_socket();
    BIO_METHOD *method = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK | BIO_TYPE_DESCRIPTOR,
                                      "courier socket (no SIGPIPE)");
    if (method == NULL) {
        return NULL;
    }
    BIO_meth_set_write(method, courier_bio_socket_write_nosignal);
    BIO_meth_set_read(method, BIO_meth_get_read(socket));
    BIO_meth_set_puts(method, BIO_meth_get_puts(socket));
    BIO_meth_set_ctrl(method, BIO_meth_get_ctrl(socket));
    BIO_meth_set_create(method, BIO_meth_get_create(socket));
    BIO_meth_set_destroy(method, BIO_meth_get_destroy(socket));
    return method;
}

/// A BIO over the socket `fd` (not closed when the BIO is freed), from `method`.
static inline BIO *courier_bio_new_socket(BIO_METHOD *method, int fd) {
    BIO *bio = BIO_new(method);
    if (bio != NULL) {
        BIO_set_fd(bio, fd, BIO_NOCLOSE);
    }
    return bio;
}

// MARK: Keys and certificates

static inline EVP_PKEY *courier_EVP_EC_gen_P256(void) {
    return EVP_EC_gen("P-256");
}

static inline EVP_PKEY *courier_EVP_RSA_gen(unsigned int bits) {
    return EVP_RSA_gen(bits);
}

static inline GENERAL_NAMES *courier_general_names_new(void) {
    return sk_GENERAL_NAME_new_null();
}

/// Appends a DNS name (`isIP` 0) or an IP address in text form (`isIP` 1) to `names`. 1 on success, 0 if the
/// address does not parse or OpenSSL is out of memory.
static inline int courier_general_names_add(GENERAL_NAMES *names, const char *host, int isIP) {
    GENERAL_NAME *name = GENERAL_NAME_new();
    if (name == NULL) {
        return 0;
    }
    if (isIP) {
        ASN1_OCTET_STRING *address = a2i_IPADDRESS(host);
        if (address == NULL) {
            GENERAL_NAME_free(name);
            return 0;
        }
        GENERAL_NAME_set0_value(name, GEN_IPADD, address);
    } else {
        ASN1_IA5STRING *text = ASN1_IA5STRING_new();
        if (text == NULL || !ASN1_STRING_set(text, host, -1)) {
            ASN1_IA5STRING_free(text);
            GENERAL_NAME_free(name);
            return 0;
        }
        GENERAL_NAME_set0_value(name, GEN_DNS, text);
    }
    if (sk_GENERAL_NAME_push(names, name) <= 0) {
        GENERAL_NAME_free(name);
        return 0;
    }
    return 1;
}

#endif
