/* The part of zstd's API that nanoarrow's codecs.c (NANOARROW_IPC_WITH_ZSTD) calls, declared as zstd.h 1.x
 * declares it: the machines have the shared library libzstd.so.1 (a dependency of apt) but not its headers
 * (libzstd-dev), and these few functions are stable ABI since zstd 1.0. setup-nanoarrow.sh links the library by
 * its path. */
#ifndef ARROWFILE_ZSTD_SHIM_H
#define ARROWFILE_ZSTD_SHIM_H
#include <stddef.h>

size_t ZSTD_decompress(void* dst, size_t dstCapacity, const void* src, size_t compressedSize);
unsigned ZSTD_isError(size_t code);
const char* ZSTD_getErrorName(size_t code);

#endif
