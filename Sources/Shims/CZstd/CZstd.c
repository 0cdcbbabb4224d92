// Defines the table CZstd.h declares and its load function.
#include "CZstd.h"

CLOADER_DEFINE(CZstd, "libzstd.so.1", CZSTD_SYMBOLS)
