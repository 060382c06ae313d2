#include <zlib.h>

/* inflateInit2 is a macro Swift cannot import. */
static inline int pb_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}

/* A ZIP entry's deflate data has no zlib or gzip wrapper: negative window bits. */
static inline int pb_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -MAX_WBITS);
}
