/* codecs.c includes lz4.h but calls only the frame API (lz4frame.h, declared beside it): nothing to declare. */
#ifndef ARROWFILE_LZ4_SHIM_H
#define ARROWFILE_LZ4_SHIM_H
#endif
