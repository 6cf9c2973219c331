package io.arrowfile.ipc;

import io.arrowfile.columnar.ValidationLevel;
import java.util.Objects;

/**
 * How readers treat their input: the validation level applied to every decoded array and the caps that
 * keep corrupt or hostile input from allocating unbounded memory. Immutable.
 */
public final class ReadOptions {
  /** Largest flatbuffer a message may declare, by default. */
  public static final int DEFAULT_MAX_METADATA_LENGTH = 64 << 20;
  /** Largest decompressed buffer, by default: the largest heap array. */
  public static final long DEFAULT_MAX_BUFFER_SIZE = Integer.MAX_VALUE - 8;

  public static final ReadOptions DEFAULT =
      new ReadOptions(ValidationLevel.DEFAULT, DEFAULT_MAX_BUFFER_SIZE, DEFAULT_MAX_METADATA_LENGTH);

  private final ValidationLevel validation;
  private final long maxBufferSize;
  private final int maxMetadataLength;

  private ReadOptions(ValidationLevel validation, long maxBufferSize, int maxMetadataLength) {
    this.validation = Objects.requireNonNull(validation, "validation");
    if (maxBufferSize < 0 || maxMetadataLength < 0) {
      throw new IllegalArgumentException("negative limit");
    }
    this.maxBufferSize = maxBufferSize;
    this.maxMetadataLength = maxMetadataLength;
  }

  public ValidationLevel validation() {
    return validation;
  }

  /** The largest buffer a compressed body may declare after decompression. */
  public long maxBufferSize() {
    return maxBufferSize;
  }

  /** The largest message metadata (flatbuffer) accepted. */
  public int maxMetadataLength() {
    return maxMetadataLength;
  }

  public ReadOptions withValidation(ValidationLevel level) {
    return new ReadOptions(level, maxBufferSize, maxMetadataLength);
  }

  public ReadOptions withMaxBufferSize(long bytes) {
    return new ReadOptions(validation, bytes, maxMetadataLength);
  }

  public ReadOptions withMaxMetadataLength(int bytes) {
    return new ReadOptions(validation, maxBufferSize, bytes);
  }

  @Override
  public String toString() {
    return "ReadOptions[validation=" + validation + ", maxBufferSize=" + maxBufferSize
        + ", maxMetadataLength=" + maxMetadataLength + "]";
  }
}
