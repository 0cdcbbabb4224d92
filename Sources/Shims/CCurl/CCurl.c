// Defines the table CCurl.h declares and its load function.
#include "CCurl.h"

CLOADER_DEFINE(CCurl, "libcurl.so.4", CCURL_SYMBOLS)
