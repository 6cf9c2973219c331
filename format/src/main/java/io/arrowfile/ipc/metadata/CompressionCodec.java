package io.arrowfile.ipc.metadata;

import io.arrowfile.ipc.metadata.CompressionCodec;
/** The {@code CompressionType} of a record batch body (the buffers, each compressed on its own). */
public enum CompressionCodec {
  LZ4_FRAME, ZSTD
}
