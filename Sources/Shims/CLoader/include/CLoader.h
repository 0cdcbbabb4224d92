// Resolves a heavy shared library with dlopen on first use instead of at start-up.
// Linking libcurl, libsvn and libxml2 loads ~75 shared objects and costs every run of tb ~10 ms, even
// `tb --version`; loading them on demand costs that only in the commands that use them.
#pragma once

/// Declares one table slot with the exact type of the C function `name`, so calls stay type-checked.
#define CLOADER_SLOT(name) __typeof__(&name) name;
/// Spells one symbol name for the table of names handed to `CLoader_open`.
#define CLOADER_NAME(name) #name,

/// Opens `soname` and fills `slots[i]` with the address of `names[i]`. Returns 0, or -1 with a message in
/// `error`. The slots are a struct of function pointers viewed as an array: all pointers have one size here.
int CLoader_open(const char *soname, const char *const *names, void **slots, int count, char *error,
                 unsigned long size);
