// The C library functions the POSIX shim needs that Swift's Glibc module leaves out.
#include <malloc.h>

// M_MMAP_THRESHOLD and M_TRIM_THRESHOLD are macros; these set them.
static inline void CPOSIX_setMallocThresholds(int mmapThreshold, int trimThreshold) {
    mallopt(M_MMAP_THRESHOLD, mmapThreshold);
    mallopt(M_TRIM_THRESHOLD, trimThreshold);
}
