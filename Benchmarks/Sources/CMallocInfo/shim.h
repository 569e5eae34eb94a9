// glibc's malloc statistics (mallinfo2), which Swift's Glibc module does not include.
#if defined(__linux__) && __has_include(<malloc.h>)
#include <malloc.h>
#endif
