// libxml2, loaded on first use (see CLoader.h): the table of functions tb calls, and the few wrappers Swift needs.
#pragma once
#include <libxml/xmlversion.h>
// libxml2 is built with ICU; its ICU declarations clash with the ICU that Foundation bundles ("'UErrorCode' has
// different definitions") in any module that sees both, the generated test-discovery module included.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/globals.h>
#include <libxml/parserInternals.h>
#include <libxml/valid.h>
#include <stdbool.h>
#include <stdlib.h>
#include "CLoader.h"

#define CLIBXML2_SYMBOLS(X)                                                                                         \
    X(__xmlParserVersion)                                                                                           \
    /* HTMLStreamParser: a SAX parse that pulls its input through a read callback */                                \
    X(xmlInitParser)                                                                                                \
    X(htmlNewParserCtxt)                                                                                            \
    X(htmlCtxtUseOptions)                                                                                           \
    X(htmlParseDocument)                                                                                            \
    X(htmlFreeParserCtxt)                                                                                           \
    X(xmlParserInputBufferCreateIO)                                                                                 \
    X(xmlFreeParserInputBuffer)                                                                                     \
    X(xmlNewIOInputStream)                                                                                          \
    X(inputPush)                                                                                                    \
    /* The Gumbo shim's tree builder. */                                                                            \
    X(xmlFree)                                                                                                      \
    X(xmlFreeDoc)                                                                                                   \
    X(htmlNewDocNoDtD)                                                                                              \
    X(xmlDictCreate)                                                                                                \
    X(xmlDictLookup)                                                                                                \
    X(xmlStrdup)                                                                                                    \
    X(xmlNewDocNodeEatName)                                                                                         \
    X(xmlNewNsPropEatName)                                                                                          \
    X(xmlNewDocText)                                                                                                \
    X(xmlNewDocTextLen)                                                                                             \
    X(xmlNodeAddContentLen)                                                                                         \
    X(xmlNewDocComment)                                                                                             \
    X(xmlCreateIntSubset)                                                                                           \
    X(xmlNewNs)                                                                                                     \
    X(xmlSearchNs)                                                                                                  \
    X(xmlFreeProp)                                                                                                  \
    X(xmlAddChild)                                                                                                  \
    X(xmlAddID)

/// `CLibXML2_fn()`, the table of libxml2's functions, and `CLibXML2_load`, which opens libxml2.so.2 (see CLoader.h).
CLOADER_LIBRARY(CLibXML2, CLIBXML2_SYMBOLS)

// Macro (see CLoader.h): xmlParserVersion is `(*(__xmlParserVersion()))`, the per-thread copy of a global.
static inline const char *_Nonnull CLibXML2_parserVersion(void) {
    return *CLibXML2_fn()->__xmlParserVersion();
}

// Mutable data symbol (see CLoader.h): whether libxml2 frees with the C library's free(), so that a string gumbo
// allocated with malloc() can become a node's content as it is, without a copy.
static inline bool CLibXML2_freesWithFree(void) { return *CLibXML2_fn()->xmlFree == free; }
