// zlib, which inflates gzip and deflate input on the fly.
#include <zlib.h>

// inflateInit2 is a macro over inflateInit2_, which Swift cannot import.
static inline int CZlib_inflate_init2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
