#include <zlib.h>

/* inflateInit2 is a macro Swift cannot import. */
static inline int pb_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}
