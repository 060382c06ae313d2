#ifndef PINBENCH_OPENSSL_BASELINE_H
#define PINBENCH_OPENSSL_BASELINE_H

#include <stddef.h>
#include <stdint.h>

/* OpenSSL (libcrypto) doing what PinBench's validator does, for the core benchmarks: the same chain, anchor and
   host, in the same process. Modelled on shared/bench/verify-baseline.c. Every call returns 1 on success. */

typedef struct pinbench_openssl_baseline pinbench_openssl_baseline;

/* The presented chain as DER (leaf first), one trust anchor as DER, and the host name to check. NULL on failure. */
pinbench_openssl_baseline *pinbench_openssl_baseline_new(const uint8_t *const *ders, const size_t *lengths,
                                                         int count, const uint8_t *anchor, size_t anchor_length,
                                                         const char *host);
void pinbench_openssl_baseline_free(pinbench_openssl_baseline *baseline);

/* X509_verify_cert (purpose sslserver, host name check) on the already parsed certificates, with a fresh
   X509_STORE_CTX each time, as a client does per handshake. */
int pinbench_openssl_verify_parsed(pinbench_openssl_baseline *baseline);

/* RFC 7469 pins of every certificate of the verified chain (i2d_X509_PUBKEY + SHA-256 + base64). `first_pin` gets
   the leaf's pin (45 bytes with the terminating NUL). Returns the number of certificates pinned. */
int pinbench_openssl_pins(pinbench_openssl_baseline *baseline, char *first_pin);

/* The whole verdict from raw DER: d2i_X509 of every presented certificate, X509_verify_cert, the pins of the
   verified chain, and a compare of the leaf's pin with `expected_pin` (base64). 1 when verified and pinned. */
int pinbench_openssl_verdict_from_der(pinbench_openssl_baseline *baseline, const char *expected_pin);

/* The warm verdict from PEM: PEM_read_bio_X509 of every block of `pem` (leaf first), X509_verify_cert against the
   store made once, the pins of the verified chain compared with `expected_pin`. 1 when verified and pinned. */
int pinbench_openssl_verdict_from_pem(pinbench_openssl_baseline *baseline, const char *pem, size_t length,
                                      const char *expected_pin);

/* The cold verdict: nothing kept from an earlier call. A fresh X509_STORE holding the anchor (PEM when
   `anchor_is_pem`, else one DER certificate), the chain read from `chain_text` (PEM) or, when it is NULL, from the
   `der_count` DER certificates, X509_verify_cert, pins, compare; everything freed. 1 when verified and pinned. */
int pinbench_openssl_cold_verdict(const char *chain_text, size_t chain_length, const uint8_t *const *ders,
                                  const size_t *lengths, int der_count, const char *anchor, size_t anchor_length,
                                  int anchor_is_pem, const char *host, const char *expected_pin);

#endif
