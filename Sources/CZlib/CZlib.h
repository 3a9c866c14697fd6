// zlib for SocketTransport's gzip and deflate response decoding (Linux only; zlib1g-dev).
#ifndef COURIER_CZLIB_H
#define COURIER_CZLIB_H

#include <zlib.h>

#endif
