// The client's floor for `check`: N full TLS handshakes to 127.0.0.1:PORT on T threads, the least a scanner built
// on the same OpenSSL must do. One SSL_CTX; the chain verified against ROOT by OpenSSL; the SPKI SHA-256 of every
// certificate the server sent; an orderly close. No parsing beyond OpenSSL's, no report. Exit 0 when all verified.
//
//     cc -O2 -o handshake-floor handshake-floor.c -lssl -lcrypto -lpthread
//     ./handshake-floor PORT N THREADS ROOT.pem
#include <arpa/inet.h>
#include <netinet/tcp.h>
#include <openssl/err.h>
#include <openssl/sha.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static SSL_CTX *context;
static int port, count;
static atomic_int next_index, verified;

static int handshake(int index) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return 0;
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct timeval deadline = {.tv_sec = 10};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &deadline, sizeof deadline);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &deadline, sizeof deadline);
    int ok = 0;
    if (connect(fd, (struct sockaddr *)&address, sizeof address) == 0) {
        SSL *ssl = SSL_new(context);
        char host[64];
        snprintf(host, sizeof host, "h%04d.bench.test", index + 1);
        SSL_set_tlsext_host_name(ssl, host);
        SSL_set_fd(ssl, fd);
        if (SSL_connect(ssl) == 1 && SSL_get_verify_result(ssl) == X509_V_OK) {
            STACK_OF(X509) *chain = SSL_get_peer_cert_chain(ssl);
            ok = chain != NULL && sk_X509_num(chain) > 0;
            for (int i = 0; ok && i < sk_X509_num(chain); i++) {
                unsigned char *spki = NULL, digest[SHA256_DIGEST_LENGTH];
                int length = i2d_X509_PUBKEY(X509_get_X509_PUBKEY(sk_X509_value(chain, i)), &spki);
                ok = length > 0 && SHA256(spki, (size_t)length, digest) != NULL;
                OPENSSL_free(spki);
            }
            SSL_shutdown(ssl);
        }
        SSL_free(ssl);
    }
    close(fd);
    return ok;
}

static void *worker(void *unused) {
    (void)unused;
    for (int index; (index = atomic_fetch_add(&next_index, 1)) < count;) {
        if (handshake(index)) atomic_fetch_add(&verified, 1);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s PORT N THREADS ROOT.pem\n", argv[0]);
        return 2;
    }
    port = atoi(argv[1]);
    count = atoi(argv[2]);
    int threads = atoi(argv[3]);
    if (port <= 0 || count <= 0 || threads <= 0 || threads > 1024) return 2;
    context = SSL_CTX_new(TLS_client_method());
    if (context == NULL || SSL_CTX_load_verify_locations(context, argv[4], NULL) != 1) return 1;
    SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
    SSL_CTX_set_verify(context, SSL_VERIFY_PEER, NULL);
    pthread_t pool[1024];
    for (int i = 0; i < threads; i++) pthread_create(&pool[i], NULL, worker, NULL);
    for (int i = 0; i < threads; i++) pthread_join(pool[i], NULL);
    printf("verified %d of %d\n", verified, count);
    return verified == count ? 0 : 1;
}
