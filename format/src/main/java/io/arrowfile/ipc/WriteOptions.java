package io.arrowfile.ipc;

import io.arrowfile.ipc.metadata.CompressionCodec;

/**
 * How writers encode bodies: the compression codec (null for none), the zstd level, and whether each compressed
 * buffer's frame carries a checksum of its contents (LZ4's and zstd's optional content checksum, on by default:
 * every reader of the two frame formats verifies it, so a damaged buffer fails instead of decoding to other
 * values). Immutable.
 */
public final class WriteOptions {
  /**
   * zstd level 1, Arrow C++'s default: on the TPC-H and TPC-DS tables it makes files of the same size as level 3
   * (zstd's own default) in 0.7 to 0.9 of the write time, and they read as fast (benchmarks/tpc-codec-levels.md).
   */
  public static final int DEFAULT_ZSTD_LEVEL = 1;

  public static final WriteOptions DEFAULT = new WriteOptions(null, DEFAULT_ZSTD_LEVEL, true);

  private final CompressionCodec compression;
  private final int zstdLevel;
  private final boolean contentChecksum;

  private WriteOptions(CompressionCodec compression, int zstdLevel, boolean contentChecksum) {
    this.compression = compression;
    this.zstdLevel = zstdLevel;
    this.contentChecksum = contentChecksum;
  }

  /** The body compression, or null when bodies are written uncompressed. */
  public CompressionCodec compression() {
    return compression;
  }

  public int zstdLevel() {
    return zstdLevel;
  }

  /** Whether compressed buffers carry their frame format's content checksum. */
  public boolean contentChecksum() {
    return contentChecksum;
  }

  /** These options with {@code codec} compressing each body buffer; null writes uncompressed bodies. */
  public WriteOptions withCompression(CompressionCodec codec) {
    return new WriteOptions(codec, zstdLevel, contentChecksum);
  }

  public WriteOptions withZstdLevel(int level) {
    return new WriteOptions(compression, level, contentChecksum);
  }

  public WriteOptions withContentChecksum(boolean checksum) {
    return new WriteOptions(compression, zstdLevel, checksum);
  }

  @Override
  public String toString() {
    return "WriteOptions[compression=" + compression + ", zstdLevel=" + zstdLevel + ", contentChecksum=" + contentChecksum
        + "]";
  }
}
