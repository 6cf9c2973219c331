package io.arrowfile.ipc.metadata;

/** Byte order of the buffers that follow a schema. Readers convert big-endian data; writers write little-endian. */
public enum Endianness {
  LITTLE, BIG
}
