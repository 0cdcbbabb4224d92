// Defines the table CLZMA.h declares and its load function.
#include "CLZMA.h"

CLOADER_DEFINE(CLZMA, "liblzma.so.5", CLZMA_SYMBOLS)
