// expat, the streaming XML parser behind `tb feed`. Swift calls its API directly; these helpers cover what the
// importer cannot: a macro, and handlers whose C signatures are easier to bridge as one struct.
// Debian's libexpat is built with DTD support; the header shows those functions (billion-laughs limits) only
// when XML_DTD is defined.
#define XML_DTD 1
#include <expat.h>

// XML_GetUserData is a macro.
static inline void *CExpat_userData(XML_Parser parser) { return XML_GetUserData(parser); }
