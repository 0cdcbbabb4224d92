// expat, the streaming XML parser behind `tb feed`. Swift can call its API directly; nothing to wrap yet.
#include <expat.h>
