// Resolves a heavy shared library with dlopen on first use instead of at start-up.
// Linking libcurl, libsvn and libxml2 loads ~75 shared objects and costs every run of tb ~10 ms, even
// `tb --version`; loading them on demand costs that only in the commands that use them.
//
// A lazily loaded library's C module (CCurl, CLibXML2, CSVN) is a header and a one-line .c file:
//
//     // CFoo.h                                          // CFoo.c
//     #include <foo.h>                                   #include "CFoo.h"
//     #include "CLoader.h"                               CLOADER_DEFINE(CFoo, "libfoo.so.1", CFOO_SYMBOLS)
//     #define CFOO_SYMBOLS(X) X(foo_open) X(foo_close)
//     CLOADER_LIBRARY(CFoo, CFOO_SYMBOLS)
//
// and Swift calls `CFoo_fn().pointee.foo_open(…)` once `CFoo_load` succeeded (the shim calls that once, with the
// Loader module's `LazyLibrary.load`).
//
// Forwarding wrappers (`static inline CFoo_…` functions in the header) exist only where Swift 6 cannot call the
// C through the table, each with a comment saying which of these it is:
// - variadic functions (`curl_easy_setopt`): Swift imports neither a variadic function nor a pointer to one (the
//   slot comes out as an OpaquePointer), so one typed wrapper per argument type calls it from C;
// - macros that are more than a constant (`xmlParserVersion` is `(*(__xmlParserVersion()))`, `CURLVERSION_NOW`
//   names an enum constant): Swift imports only macros that come down to literals, so the header spells them in C;
// - mutable data symbols (`xmlFree` is a global variable holding a function pointer): Swift 6 rejects a C global
//   `var` outright ("not concurrency-safe because it involves shared mutable state"), and through the table its
//   slot is the variable's address (`UnsafeMutablePointer<xmlFreeFunc?>`), not a function; the wrapper reads and
//   calls it. Constant data needs none: its slot is the pointer the functions take.
// Swift 6.3 reads C unions (`CURLMsg.data.result`), fills C structs and calls function pointers: those need no
// wrapper.
#pragma once

/// Declares one table slot with the exact type of the C function (or data symbol) `name`, so calls stay
/// type-checked. `_Nonnull` makes Swift import it as a plain function type, called without unwrapping: a slot is
/// never NULL once the load function succeeded (it fails instead).
#define CLOADER_SLOT(name) __typeof__(&name) _Nonnull name;
/// Spells one symbol name for the table of names handed to `CLoader_open`.
#define CLOADER_NAME(name) #name,

/// Declares, for the C module `module` and its X-macro list of symbols `SYMBOLS`:
/// - `struct module_table`, one slot per symbol;
/// - `module_slots`, the one table, which `module_load` fills (Swift 6 refuses to touch a C global `var`: read it
///   through `module_fn`);
/// - `module_fn()`, the table, read-only;
/// - `module_load(error, size)`, which opens the library and resolves every slot: 0, or -1 with a message in
///   `error`. Call it once, before any `module_fn` (the Swift shim does, in a lazy global).
#define CLOADER_LIBRARY(module, SYMBOLS)                                                                            \
    struct module##_table {                                                                                         \
        SYMBOLS(CLOADER_SLOT)                                                                                       \
    };                                                                                                              \
    extern struct module##_table module##_slots;                                                                    \
    static inline const struct module##_table *_Nonnull module##_fn(void) { return &module##_slots; }               \
    int module##_load(char *_Nonnull error, unsigned long size);

/// Defines what `CLOADER_LIBRARY(module, SYMBOLS)` declares, loading the library `soname` (such as "libcurl.so.4").
#define CLOADER_DEFINE(module, soname, SYMBOLS)                                                                     \
    struct module##_table module##_slots;                                                                           \
    int module##_load(char *_Nonnull error, unsigned long size) {                                                   \
        static const char *const names[] = {SYMBOLS(CLOADER_NAME)};                                                 \
        return CLoader_open(soname, names, (void **)&module##_slots, sizeof names / sizeof *names, error, size);    \
    }

/// Opens `soname` and fills `slots[i]` with the address of `names[i]`. Returns 0, or -1 with a message in
/// `error`. The slots are a struct of pointers viewed as an array: all pointers have one size here.
int CLoader_open(const char *_Nonnull soname, const char *_Nonnull const *_Nonnull names,
                 void *_Nullable *_Nonnull slots, int count, char *_Nonnull error, unsigned long size);
