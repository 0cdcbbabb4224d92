// liblzma, which reads xz, loaded on first use (see CLoader.h): the table of functions tb calls.
#pragma once
#include <lzma.h>
#include "CLoader.h"

#define CLZMA_SYMBOLS(X)                                                                                            \
    X(lzma_version_string)                                                                                          \
    X(lzma_stream_decoder)                                                                                          \
    X(lzma_code)                                                                                                    \
    X(lzma_end)

/// `CLZMA_fn()`, the table of liblzma's functions, and `CLZMA_load`, which opens liblzma.so.5 (see CLoader.h).
CLOADER_LIBRARY(CLZMA, CLZMA_SYMBOLS)

// Macro (see CLoader.h): LZMA_CONCATENATED is UINT32_C(0x08), which Swift does not import.
static const uint32_t CLZMA_concatenated = LZMA_CONCATENATED;
