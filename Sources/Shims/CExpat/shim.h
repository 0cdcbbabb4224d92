// expat, the streaming XML parser behind `tb feed`. Swift calls its API directly.
// Debian's libexpat is built with DTD support; the header shows those functions (billion-laughs limits) only
// when XML_DTD is defined.
#define XML_DTD 1
#include <expat.h>

