// The system OpenSSL (libssl-dev, 3.0) for ChainProbe and DemoLab.
//
// Swift imports OpenSSL functions but not its function-like macros (stack accessors, SSL_ctrl wrappers, ...).
// Each macro the Swift code needs gets a static inline wrapper here, named pb_<macro>.
#ifndef PINBENCH_COPENSSL_SHIM_H
#define PINBENCH_COPENSSL_SHIM_H

#include <string.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/ocsp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/tls1.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>

// MARK: STACK_OF(X509)

static inline int pb_sk_X509_num(const STACK_OF(X509) *sk) { return sk_X509_num(sk); }
static inline X509 *pb_sk_X509_value(const STACK_OF(X509) *sk, int i) { return sk_X509_value(sk, i); }
static inline int pb_sk_SSL_CIPHER_num(const STACK_OF(SSL_CIPHER) *sk) { return sk_SSL_CIPHER_num(sk); }
static inline const SSL_CIPHER *pb_sk_SSL_CIPHER_value(const STACK_OF(SSL_CIPHER) *sk, int i) {
    return sk_SSL_CIPHER_value(sk, i);
}
static inline STACK_OF(X509) *pb_sk_X509_new_null(void) { return sk_X509_new_null(); }
static inline int pb_sk_X509_push(STACK_OF(X509) *sk, X509 *x) { return sk_X509_push(sk, x); }
/// Frees the stack and releases one reference on each certificate in it.
static inline void pb_sk_X509_pop_free(STACK_OF(X509) *sk) { sk_X509_pop_free(sk, X509_free); }

// MARK: SSL_CTX / SSL controls

static inline int pb_SSL_CTX_set_min_proto_version(SSL_CTX *ctx, int version) {
    return (int)SSL_CTX_set_min_proto_version(ctx, version);
}
static inline int pb_SSL_CTX_set_max_proto_version(SSL_CTX *ctx, int version) {
    return (int)SSL_CTX_set_max_proto_version(ctx, version);
}
static inline int pb_SSL_set_min_proto_version(SSL *ssl, int version) {
    return (int)SSL_set_min_proto_version(ssl, version);
}
static inline int pb_SSL_set_max_proto_version(SSL *ssl, int version) {
    return (int)SSL_set_max_proto_version(ssl, version);
}
static inline long pb_SSL_CTX_release_buffers(SSL_CTX *ctx) { return SSL_CTX_set_mode(ctx, SSL_MODE_RELEASE_BUFFERS); }
static inline long pb_SSL_CTX_set_max_cert_list(SSL_CTX *ctx, long bytes) {
    return SSL_CTX_set_max_cert_list(ctx, bytes);
}
static inline long pb_SSL_set_max_cert_list(SSL *ssl, long bytes) { return SSL_set_max_cert_list(ssl, bytes); }
static inline int pb_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}
/// Asks the server to staple an OCSP response.
static inline int pb_SSL_request_ocsp_stapling(SSL *ssl) {
    return (int)SSL_set_tlsext_status_type(ssl, TLSEXT_STATUSTYPE_ocsp);
}
/// The stapled OCSP response (owned by the session) and its length, or -1 when none was stapled.
static inline long pb_SSL_stapled_ocsp(SSL *ssl, const unsigned char **response) {
    return SSL_get_tlsext_status_ocsp_resp(ssl, response);
}
/// The server side: staples `response` (copied with OPENSSL_malloc, which the session then owns).
static inline int pb_SSL_staple_ocsp(SSL *ssl, const unsigned char *response, long length) {
    unsigned char *copy = OPENSSL_malloc(length);
    if (copy == NULL) return 0;
    memcpy(copy, response, length);
    if (SSL_set_tlsext_status_ocsp_resp(ssl, copy, length) != 1) { OPENSSL_free(copy); return 0; }
    return 1;
}
/// Server side: acknowledge a client's status request only when a response was stapled for the connection.
static int pb_lab_status_callback(SSL *ssl, void *argument) {
    (void)argument;
    const unsigned char *response = NULL;
    return SSL_get_tlsext_status_ocsp_resp(ssl, &response) > 0 ? SSL_TLSEXT_ERR_OK : SSL_TLSEXT_ERR_NOACK;
}
static inline void pb_SSL_CTX_enable_stapling(SSL_CTX *ctx) {
    SSL_CTX_set_tlsext_status_cb(ctx, pb_lab_status_callback);
}
/// The length of the stapled OCSP response, or -1 when none was stapled.
static inline long pb_SSL_stapled_ocsp_length(SSL *ssl) {
    const unsigned char *response = NULL;
    return SSL_get_tlsext_status_ocsp_resp(ssl, &response);
}
/// The NID of the negotiated key-exchange group, or 0 when none (e.g. RSA key exchange).
static inline int pb_SSL_get_negotiated_group(SSL *ssl) { return (int)SSL_get_negotiated_group(ssl); }

// MARK: BIO

static inline long pb_BIO_set_mem_eof_return(BIO *bio, int value) { return BIO_set_mem_eof_return(bio, value); }

// MARK: errors

static inline int pb_ERR_GET_LIB(unsigned long error) { return ERR_GET_LIB(error); }
static inline int pb_ERR_GET_REASON(unsigned long error) { return ERR_GET_REASON(error); }

// MARK: memory

static inline void pb_OPENSSL_free(void *pointer) { OPENSSL_free(pointer); }

#endif
