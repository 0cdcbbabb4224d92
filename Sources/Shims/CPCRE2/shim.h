// PCRE2 with 8-bit code units. The width must be defined here: cSettings defines do not reach Swift importers,
// and with it Swift sees the pcre2_*_8 functions (the unsuffixed names are macros).
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
