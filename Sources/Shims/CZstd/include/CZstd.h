// libzstd, which reads zstd, loaded on first use (see CLoader.h): the table of functions tb calls.
#pragma once
#include <zstd.h>
#include "CLoader.h"

#define CZSTD_SYMBOLS(X)                                                                                            \
    X(ZSTD_versionString)                                                                                           \
    X(ZSTD_createDCtx)                                                                                              \
    X(ZSTD_freeDCtx)                                                                                                \
    X(ZSTD_decompressStream)                                                                                        \
    X(ZSTD_isError)                                                                                                 \
    X(ZSTD_getErrorName)

/// `CZstd_fn()`, the table of libzstd's functions, and `CZstd_load`, which opens libzstd.so.1 (see CLoader.h).
CLOADER_LIBRARY(CZstd, CZSTD_SYMBOLS)
