package io.arrowfile.ipc;

/** {@code length} bytes of a file from {@code offset}: what {@link ArrowFileDecoder} asks its caller to fetch. */
public record ByteRange(long offset, long length) {
  /** The offset just past the range. */
  public long end() {
    return offset + length;
  }
}
