package io.arrowfile.ipc;

import io.arrowfile.ipc.metadata.CompressionCodec;

/** How writers encode bodies: the compression codec (null for none) and the zstd level. Immutable. */
public final class WriteOptions {
  public static final int DEFAULT_ZSTD_LEVEL = 3;

  public static final WriteOptions DEFAULT = new WriteOptions(null, DEFAULT_ZSTD_LEVEL);

  private final CompressionCodec compression;
  private final int zstdLevel;

  private WriteOptions(CompressionCodec compression, int zstdLevel) {
    this.compression = compression;
    this.zstdLevel = zstdLevel;
  }

  /** The body compression, or null when bodies are written uncompressed. */
  public CompressionCodec compression() {
    return compression;
  }

  public int zstdLevel() {
    return zstdLevel;
  }

  /** These options with {@code codec} compressing each body buffer; null writes uncompressed bodies. */
  public WriteOptions withCompression(CompressionCodec codec) {
    return new WriteOptions(codec, zstdLevel);
  }

  public WriteOptions withZstdLevel(int level) {
    return new WriteOptions(compression, level);
  }

  @Override
  public String toString() {
    return "WriteOptions[compression=" + compression + ", zstdLevel=" + zstdLevel + "]";
  }
}
