#include "COpenSSLBaseline.h"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CERTIFICATES 8

struct pinbench_openssl_baseline {
    X509_STORE *store;
    X509 *chain[MAX_CERTIFICATES];
    STACK_OF(X509) *untrusted;
    STACK_OF(X509) *verified;
    unsigned char *der[MAX_CERTIFICATES];
    size_t der_length[MAX_CERTIFICATES];
    int count;
    char *host;
};

static X509 *decode(const uint8_t *der, size_t length) {
    const unsigned char *cursor = der;
    return d2i_X509(NULL, &cursor, (long)length);
}

/* pin = base64(SHA-256(DER SubjectPublicKeyInfo)); out holds 45 bytes */
static int spki_pin(X509 *certificate, char *out) {
    unsigned char *der = NULL, digest[SHA256_DIGEST_LENGTH];
    int length = i2d_X509_PUBKEY(X509_get_X509_PUBKEY(certificate), &der);
    if (length <= 0) return 0;
    SHA256(der, (size_t)length, digest);
    OPENSSL_free(der);
    EVP_EncodeBlock((unsigned char *)out, digest, SHA256_DIGEST_LENGTH);
    return 1;
}

static int verify_once(X509_STORE *store, X509 *leaf, STACK_OF(X509) *untrusted, const char *host,
                       STACK_OF(X509) **chain_out) {
    X509_STORE_CTX *context = X509_STORE_CTX_new();
    if (!context) return 0;
    int ok = 0;
    if (X509_STORE_CTX_init(context, store, leaf, untrusted)) {
        X509_STORE_CTX_set_purpose(context, X509_PURPOSE_SSL_SERVER);
        X509_VERIFY_PARAM *parameters = X509_STORE_CTX_get0_param(context);
        X509_VERIFY_PARAM_set_hostflags(parameters, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
        if (X509_VERIFY_PARAM_set1_host(parameters, host, 0)) {
            ok = X509_verify_cert(context) == 1;
            if (ok && chain_out) *chain_out = X509_STORE_CTX_get1_chain(context);
        }
    }
    X509_STORE_CTX_free(context);
    return ok;
}

pinbench_openssl_baseline *pinbench_openssl_baseline_new(const uint8_t *const *ders, const size_t *lengths,
                                                         int count, const uint8_t *anchor, size_t anchor_length,
                                                         const char *host) {
    if (count < 1 || count > MAX_CERTIFICATES) return NULL;
    pinbench_openssl_baseline *baseline = calloc(1, sizeof *baseline);
    if (!baseline) return NULL;
    baseline->count = count;
    baseline->host = strdup(host);
    baseline->store = X509_STORE_new();
    baseline->untrusted = sk_X509_new_null();
    X509 *root = decode(anchor, anchor_length);
    int ok = baseline->host && baseline->store && baseline->untrusted && root &&
             X509_STORE_add_cert(baseline->store, root);
    X509_free(root); /* the store holds its own reference */
    for (int index = 0; ok && index < count; index++) {
        baseline->der[index] = malloc(lengths[index]);
        if (!baseline->der[index]) { ok = 0; break; }
        memcpy(baseline->der[index], ders[index], lengths[index]);
        baseline->der_length[index] = lengths[index];
        baseline->chain[index] = decode(ders[index], lengths[index]);
        if (!baseline->chain[index]) { ok = 0; break; }
        if (index > 0) sk_X509_push(baseline->untrusted, baseline->chain[index]);
    }
    if (ok) ok = verify_once(baseline->store, baseline->chain[0], baseline->untrusted, host, &baseline->verified);
    if (!ok) {
        pinbench_openssl_baseline_free(baseline);
        return NULL;
    }
    return baseline;
}

void pinbench_openssl_baseline_free(pinbench_openssl_baseline *baseline) {
    if (!baseline) return;
    if (baseline->verified) sk_X509_pop_free(baseline->verified, X509_free);
    if (baseline->untrusted) sk_X509_free(baseline->untrusted);
    for (int index = 0; index < baseline->count; index++) {
        X509_free(baseline->chain[index]);
        free(baseline->der[index]);
    }
    X509_STORE_free(baseline->store);
    free(baseline->host);
    free(baseline);
}

int pinbench_openssl_verify_parsed(pinbench_openssl_baseline *baseline) {
    return verify_once(baseline->store, baseline->chain[0], baseline->untrusted, baseline->host, NULL);
}

int pinbench_openssl_pins(pinbench_openssl_baseline *baseline, char *first_pin) {
    char pin[64];
    int count = sk_X509_num(baseline->verified);
    for (int index = 0; index < count; index++) {
        if (!spki_pin(sk_X509_value(baseline->verified, index), pin)) return 0;
        if (index == 0) memcpy(first_pin, pin, 45);
    }
    return count;
}

int pinbench_openssl_verdict_from_der(pinbench_openssl_baseline *baseline, const char *expected_pin) {
    X509 *chain[MAX_CERTIFICATES];
    STACK_OF(X509) *untrusted = sk_X509_new_null();
    int decoded = 0, ok = untrusted != NULL;
    for (; ok && decoded < baseline->count; decoded++) {
        chain[decoded] = decode(baseline->der[decoded], baseline->der_length[decoded]);
        if (!chain[decoded]) { ok = 0; break; }
        if (decoded > 0) sk_X509_push(untrusted, chain[decoded]);
    }
    STACK_OF(X509) *verified = NULL;
    int matched = 0;
    if (ok && verify_once(baseline->store, chain[0], untrusted, baseline->host, &verified)) {
        char pin[64];
        for (int index = 0; index < sk_X509_num(verified); index++) {
            if (!spki_pin(sk_X509_value(verified, index), pin)) break;
            if (strcmp(pin, expected_pin) == 0) matched = 1;
        }
        sk_X509_pop_free(verified, X509_free);
    }
    sk_X509_free(untrusted);
    for (int index = 0; index < decoded; index++) X509_free(chain[index]);
    return matched;
}

/* The verified chain's pins compared with `expected_pin`: 1 when one matches. */
static int verify_and_pin(X509_STORE *store, X509 *leaf, STACK_OF(X509) *untrusted, const char *host,
                          const char *expected_pin) {
    STACK_OF(X509) *verified = NULL;
    int matched = 0;
    if (verify_once(store, leaf, untrusted, host, &verified)) {
        char pin[64];
        for (int index = 0; index < sk_X509_num(verified); index++) {
            if (!spki_pin(sk_X509_value(verified, index), pin)) break;
            if (strcmp(pin, expected_pin) == 0) matched = 1;
        }
        sk_X509_pop_free(verified, X509_free);
    }
    return matched;
}

/* Every certificate of a PEM text, in order, at most `max`; the count. */
static int read_pem(const char *pem, size_t length, X509 **out, int max) {
    BIO *bio = BIO_new_mem_buf(pem, (int)length);
    if (!bio) return 0;
    int count = 0;
    X509 *certificate;
    while (count < max && (certificate = PEM_read_bio_X509(bio, NULL, NULL, NULL)) != NULL) out[count++] = certificate;
    ERR_clear_error(); /* the loop ends on "no start line" */
    BIO_free(bio);
    return count;
}

/* The chain's certificates (already decoded, leaf first) judged against `store`. */
static int judge_chain(X509_STORE *store, X509 **chain, int count, const char *host, const char *expected_pin) {
    STACK_OF(X509) *untrusted = sk_X509_new_null();
    int matched = 0;
    if (untrusted) {
        for (int index = 1; index < count; index++) sk_X509_push(untrusted, chain[index]);
        matched = verify_and_pin(store, chain[0], untrusted, host, expected_pin);
        sk_X509_free(untrusted);
    }
    return matched;
}

/* A store holding the anchors of a PEM text, or of DER (one certificate); NULL on failure. */
static X509_STORE *store_from(const char *anchor, size_t length, int is_pem) {
    X509 *anchors[MAX_CERTIFICATES];
    int count = 0;
    if (is_pem) {
        count = read_pem(anchor, length, anchors, MAX_CERTIFICATES);
    } else if ((anchors[0] = decode((const uint8_t *)anchor, length)) != NULL) {
        count = 1;
    }
    X509_STORE *store = count > 0 ? X509_STORE_new() : NULL;
    for (int index = 0; index < count; index++) {
        if (store && !X509_STORE_add_cert(store, anchors[index])) {
            X509_STORE_free(store);
            store = NULL;
        }
        X509_free(anchors[index]);
    }
    return store;
}

int pinbench_openssl_verdict_from_pem(pinbench_openssl_baseline *baseline, const char *pem, size_t length,
                                      const char *expected_pin) {
    X509 *chain[MAX_CERTIFICATES];
    int count = read_pem(pem, length, chain, MAX_CERTIFICATES);
    int matched = count > 0 && judge_chain(baseline->store, chain, count, baseline->host, expected_pin);
    for (int index = 0; index < count; index++) X509_free(chain[index]);
    return matched;
}

int pinbench_openssl_cold_verdict(const char *chain_text, size_t chain_length, const uint8_t *const *ders,
                                  const size_t *lengths, int der_count, const char *anchor, size_t anchor_length,
                                  int anchor_is_pem, const char *host, const char *expected_pin) {
    X509_STORE *store = store_from(anchor, anchor_length, anchor_is_pem);
    if (!store) return 0;
    X509 *chain[MAX_CERTIFICATES];
    int count = 0;
    if (chain_text) {
        count = read_pem(chain_text, chain_length, chain, MAX_CERTIFICATES);
    } else {
        for (; count < der_count && count < MAX_CERTIFICATES; count++) {
            if ((chain[count] = decode(ders[count], lengths[count])) == NULL) break;
        }
    }
    int matched = count > 0 && (chain_text || count == der_count) &&
                  judge_chain(store, chain, count, host, expected_pin);
    for (int index = 0; index < count; index++) X509_free(chain[index]);
    X509_STORE_free(store);
    return matched;
}
