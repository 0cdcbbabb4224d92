// Resolves libxml2's functions into CLibXML2_fn.
#include "CLibXML2.h"

struct CLibXML2_table CLibXML2_fn;
static const char *const names[] = {CLIBXML2_SYMBOLS(CLOADER_NAME)};

int CLibXML2_load(char *error, unsigned long size) {
    return CLoader_open("libxml2.so.2", names, (void **)&CLibXML2_fn, sizeof names / sizeof *names, error, size);
}
