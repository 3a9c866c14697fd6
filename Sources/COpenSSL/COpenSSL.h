// OpenSSL for SocketTransport's TLS and CourierTesting's test certificates (Linux only; libssl-dev).
// Functions that OpenSSL defines as macros are wrapped here as static inline functions Swift can call.
#ifndef COURIER_COPENSSL_H
#define COURIER_COPENSSL_H

#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#endif
