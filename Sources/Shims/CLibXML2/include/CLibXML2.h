// libxml2, loaded on first use (see CLoader.h): the table of functions tb calls and typed wrappers for Swift.
#pragma once
#include <libxml/xmlversion.h>
// libxml2 is built with ICU; its ICU declarations clash with the ICU that Foundation bundles ("'UErrorCode' has
// different definitions") in any module that sees both, the generated test-discovery module included.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/globals.h>
#include "CLoader.h"

#define CLIBXML2_SYMBOLS(X) X(__xmlParserVersion)

struct CLibXML2_table {
    CLIBXML2_SYMBOLS(CLOADER_SLOT)
};
/// The resolved functions; valid only after CLibXML2_load returned 0.
extern struct CLibXML2_table CLibXML2_fn;

/// Loads libxml2.so.2 and resolves the table. Returns 0, or -1 with a message in `error`.
int CLibXML2_load(char *error, unsigned long size);

// xmlParserVersion is a macro over a per-thread global; this reads it through the table.
static inline const char *CLibXML2_parserVersion(void) {
    return *CLibXML2_fn.__xmlParserVersion();
}
