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
#include <libxml/xpathInternals.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include "CLoader.h"

// The documents and XPath of tb html (HTMLDocument, XPathExpression, HTMLNode in the LibXML2 module).
#define CLIBXML2_DOCUMENT_SYMBOLS(X)                                                                                \
    X(xmlInitParser)                                                                                                \
    X(htmlReadMemory)                                                                                               \
    X(htmlNewDocNoDtD)                                                                                              \
    X(xmlFreeDoc)                                                                                                   \
    X(xmlFreeNode)                                                                                                  \
    X(xmlDocGetRootElement)                                                                                         \
    X(xmlXPathNewContext)                                                                                           \
    X(xmlXPathFreeContext)                                                                                          \
    X(xmlXPathRegisterNs)                                                                                           \
    X(xmlXPathRegisterFuncNS)                                                                                       \
    X(xmlXPathCtxtCompile)                                                                                          \
    X(xmlXPathFreeCompExpr)                                                                                         \
    X(xmlXPathCompiledEval)                                                                                         \
    X(xmlXPathFreeObject)                                                                                           \
    X(xmlXPathPopString)                                                                                            \
    X(xmlXPathWrapString)                                                                                           \
    X(xmlXPathNewFloat)                                                                                             \
    X(valuePush)                                                                                                    \
    X(xmlXPathErr)                                                                                                  \
    X(xmlSetStructuredErrorFunc)                                                                                    \
    X(__xmlStructuredError)                                                                                         \
    X(__xmlStructuredErrorContext)                                                                                  \
    X(xmlSetGenericErrorFunc)                                                                                       \
    X(__xmlGenericError)                                                                                            \
    X(__xmlGenericErrorContext)

// HTMLStreamParser: a SAX parse that pulls its input through a read callback.
#define CLIBXML2_STREAM_SYMBOLS(X)                                                                                  \
    X(htmlNewParserCtxt)                                                                                            \
    X(htmlCtxtUseOptions)                                                                                           \
    X(htmlParseDocument)                                                                                            \
    X(htmlFreeParserCtxt)                                                                                           \
    X(xmlParserInputBufferCreateIO)                                                                                 \
    X(xmlFreeParserInputBuffer)                                                                                     \
    X(xmlNewIOInputStream)                                                                                          \
    X(inputPush)

// The HTML5 tree sink (HTML5TreeSink.swift).
#define CLIBXML2_TREE_SYMBOLS(X)                                                                                    \
    X(xmlFree)                                                                                                      \
    X(xmlDictCreate)                                                                                                \
    X(xmlDictLookup)                                                                                                \
    X(xmlDictExists)                                                                                                \
    X(xmlDictSize)                                                                                                  \
    X(xmlStrdup)                                                                                                    \
    X(xmlStrndup)                                                                                                   \
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

// XMLRecovery: tb feed's second, lenient reading of a feed that is not well-formed.
#define CLIBXML2_RECOVERY_SYMBOLS(X)                                                                                \
    X(xmlReadMemory)                                                                                                \
    X(xmlDocDumpMemoryEnc)

#define CLIBXML2_SYMBOLS(X)                                                                                         \
    X(__xmlParserVersion)                                                                                           \
    CLIBXML2_DOCUMENT_SYMBOLS(X)                                                                                    \
    CLIBXML2_RECOVERY_SYMBOLS(X)                                                                                    \
    CLIBXML2_STREAM_SYMBOLS(X)                                                                                      \
    CLIBXML2_TREE_SYMBOLS(X)

/// `CLibXML2_fn()`, the table of libxml2's functions, and `CLibXML2_load`, which opens libxml2.so.2 (see CLoader.h).
CLOADER_LIBRARY(CLibXML2, CLIBXML2_SYMBOLS)

// Macro (see CLoader.h): xmlParserVersion is `(*(__xmlParserVersion()))`, the per-thread copy of a global.
static inline const char *_Nonnull CLibXML2_parser_version(void) {
    return *CLibXML2_fn()->__xmlParserVersion();
}

// Mutable data symbol (see CLoader.h): frees what libxml2 allocated and hands over, such as a serialized document.
static inline void CLibXML2_free(void *_Nullable memory) { (*CLibXML2_fn()->xmlFree)(memory); }

/// The per-thread generic error handler of libxml2 while CLibXML2_catch_generic_errors is in force: the handler before
/// it, and the first message caught.
struct CLibXML2_generic_errors {
    xmlGenericErrorFunc _Nullable previous;
    void *_Nullable previousContext;
    char first[256];
};

// Variadic function (see CLoader.h): the generic error handler is printf-like, so Swift can neither be it nor format
// its messages. This one keeps the first message instead of printing it to stderr.
static void CLibXML2_keep_generic_error(void *_Nullable context, const char *_Nonnull format, ...) {
    struct CLibXML2_generic_errors *errors = context;
    if (errors == NULL || errors->first[0] != 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(errors->first, sizeof errors->first, format, arguments);
    va_end(arguments);
}

/// Makes libxml2 keep this thread's generic errors (such as "function foo not found") in `errors` until
/// CLibXML2_release_generic_errors, which puts the previous handler back.
static inline void CLibXML2_catch_generic_errors(struct CLibXML2_generic_errors *_Nonnull errors) {
    errors->previous = *CLibXML2_fn()->__xmlGenericError();
    errors->previousContext = *CLibXML2_fn()->__xmlGenericErrorContext();
    errors->first[0] = 0;
    CLibXML2_fn()->xmlSetGenericErrorFunc(errors, CLibXML2_keep_generic_error);
}

static inline void CLibXML2_release_generic_errors(struct CLibXML2_generic_errors *_Nonnull errors) {
    CLibXML2_fn()->xmlSetGenericErrorFunc(errors->previousContext, errors->previous);
}
