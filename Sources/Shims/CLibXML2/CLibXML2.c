// Defines the table CLibXML2.h declares and its load function.
#include "CLibXML2.h"

CLOADER_DEFINE(CLibXML2, "libxml2.so.2", CLIBXML2_SYMBOLS)
