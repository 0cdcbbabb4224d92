// gumbo, the HTML5 parser, loaded on first use (see CLoader.h): the table of functions tb calls.
#pragma once
#include <gumbo.h>
#include "CLoader.h"

// kGumboDefaultOptions is constant data: its slot is the `const GumboOptions *` the functions take.
#define CGUMBO_SYMBOLS(X)                                                                                           \
    X(kGumboDefaultOptions)                                                                                         \
    X(gumbo_parse_with_options)                                                                                     \
    X(gumbo_destroy_output)                                                                                         \
    X(gumbo_normalized_tagname)

/// `CGumbo_fn()`, the table of gumbo's functions, and `CGumbo_load`, which opens libgumbo.so.1 (see CLoader.h).
CLOADER_LIBRARY(CGumbo, CGUMBO_SYMBOLS)
