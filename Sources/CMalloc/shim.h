// glibc's allocator controls (malloc_trim), which Swift's Glibc module does not export.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
