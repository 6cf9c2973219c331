/* The part of the LZ4 frame API that nanoarrow's codecs.c (NANOARROW_IPC_WITH_LZ4) calls, declared as
 * lz4frame.h 1.9 declares it: the machines have the shared library liblz4.so.1 (a dependency of systemd's
 * libsystemd0) but not its headers (liblz4-dev), and these functions are stable ABI since LZ4 1.8.
 * setup-nanoarrow.sh links the library by its path. codecs.c passes no decompression options, so their struct
 * stays incomplete here. */
#ifndef ARROWFILE_LZ4FRAME_SHIM_H
#define ARROWFILE_LZ4FRAME_SHIM_H
#include <stddef.h>

#define LZ4F_VERSION 100

typedef size_t LZ4F_errorCode_t;
typedef struct LZ4F_dctx_s LZ4F_dctx;
typedef LZ4F_dctx* LZ4F_decompressionContext_t;
typedef struct LZ4F_decompressOptions_s LZ4F_decompressOptions_t;

unsigned LZ4F_isError(LZ4F_errorCode_t code);
LZ4F_errorCode_t LZ4F_createDecompressionContext(LZ4F_dctx** dctxPtr, unsigned version);
LZ4F_errorCode_t LZ4F_freeDecompressionContext(LZ4F_dctx* dctx);
size_t LZ4F_decompress(LZ4F_dctx* dctx, void* dstBuffer, size_t* dstSizePtr, const void* srcBuffer,
                       size_t* srcSizePtr, const LZ4F_decompressOptions_t* dOptPtr);

#endif
