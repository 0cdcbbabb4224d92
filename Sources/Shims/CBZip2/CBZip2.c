// Defines the table CBZip2.h declares and its load function.
#include "CBZip2.h"

CLOADER_DEFINE(CBZip2, "libbz2.so.1.0", CBZIP2_SYMBOLS)
