// Defines the table CSVN.h declares and its load function.
#include "CSVN.h"

CLOADER_DEFINE(CSVN, "libsvn_client-1.so.1", CSVN_SYMBOLS)
