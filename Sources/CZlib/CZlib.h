// zlib for SocketTransport's gzip and deflate response decoding (Linux only; zlib1g-dev).
#ifndef COURIER_CZLIB_H
#define COURIER_CZLIB_H

#include <zlib.h>

// inflateInit2 and deflateInit2 are macros (they pass the header's version and struct size), which Swift
// cannot call: these shims can.
static inline int courier_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

static inline int courier_deflateInit2(z_streamp stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

#endif
