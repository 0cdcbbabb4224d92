// gumbo, the HTML5 parser, loaded on first use (see CLoader.h): the table of functions tb calls.
#pragma once
#include <gumbo.h>
#include "CLoader.h"

// Exported by libgumbo.so.1 but not declared in gumbo.h (0.10.1's parser.c): frees one node, its attributes, its
// children vector and, recursively, the children still in it. The converter empties the vector first.
void gumbo_destroy_node(GumboOptions *_Nonnull options, GumboNode *_Nonnull node);

// kGumboDefaultOptions is constant data: its slot is the `const GumboOptions *` the functions take.
#define CGUMBO_SYMBOLS(X)                                                                                           \
    X(kGumboDefaultOptions)                                                                                         \
    X(gumbo_parse_with_options)                                                                                     \
    X(gumbo_destroy_output)                                                                                         \
    X(gumbo_destroy_node)                                                                                           \
    X(gumbo_normalized_tagname)                                                                                     \
    X(gumbo_tag_from_original_text)                                                                                 \
    X(gumbo_normalize_svg_tagname)

/// `CGumbo_fn()`, the table of gumbo's functions, and `CGumbo_load`, which opens libgumbo.so.1 (see CLoader.h).
CLOADER_LIBRARY(CGumbo, CGUMBO_SYMBOLS)
