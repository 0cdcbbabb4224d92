// Defines the table CGumbo.h declares and its load function.
#include "CGumbo.h"

CLOADER_DEFINE(CGumbo, "libgumbo.so.1", CGUMBO_SYMBOLS)
