package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.compression.BodyCompression;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * One column of a record batch whose compressed value buffers are decompressed when the column is first read, not
 * when the batch is decoded: a query whose filter or join leaves no row of a batch never pays for the other columns
 * of that batch. The column's {@link ArrayData} exists from the start, its buffers laid out in the batch's
 * {@link DecompressionArena} at the lengths their prefixes declare, but the value buffers' contents are undefined
 * until {@link #load} has run; its validity bitmap is decompressed with the batch. A reader of such a column calls
 * {@link #load} before it reads a value (the connector's column vectors do so on their first read, behind the
 * branch they take anyway for memory they cannot address).
 *
 * <p>{@link #load} decompresses each buffer into the memory set aside for it, checks it came out at its declared
 * length, and validates the column as the batch's other columns were validated when it was decoded; it runs once,
 * and never after the arena has moved on to the next batch (that would write into another batch's memory): then it
 * throws instead. Errors name the column, the buffer and where it came from.
 *
 * <p>Not thread-safe, as the arena: one reader, one thread.
 */
public final class DeferredColumn {
  private final ArrayData column;
  private final CompressionCodec codec;
  private final long maxBufferSize;
  private final ValidationLevel validation;
  private final DecompressionArena arena;
  private final long batchOfArena;
  private final List<Pending> pending;
  private UnaryOperator<ArrowFormatException> describe = UnaryOperator.identity();
  private boolean loaded;

  /** A compressed buffer and the memory set aside for its contents; {@code index} in the batch's buffer list. */
  record Pending(int index, ArrowBuffer raw, ByteBuffer into) {}

  DeferredColumn(ArrayData column, CompressionCodec codec, ReadOptions options, DecompressionArena arena,
      List<Pending> pending) {
    this.column = column;
    this.codec = codec;
    this.maxBufferSize = options.maxBufferSize();
    this.validation = options.validation();
    this.arena = arena;
    this.batchOfArena = arena.batches();
    this.pending = new ArrayList<>(pending);
  }

  /** The column, its value buffers' contents undefined until {@link #load}. */
  public ArrayData column() {
    return column;
  }

  public boolean isLoaded() {
    return loaded;
  }

  /**
   * Adds a step to how a failed {@link #load} describes its error, which names the column and the buffer:
   * {@code describe} returns it naming more (the file, the batch, what to do). Steps run in the order added.
   */
  public DeferredColumn describeFailures(UnaryOperator<ArrowFormatException> describe) {
    UnaryOperator<ArrowFormatException> before = this.describe;
    this.describe = e -> describe.apply(before.apply(e));
    return this;
  }

  /**
   * Decompresses and validates the column's value buffers, once.
   *
   * @throws ArrowFormatException when a buffer does not decompress to its declared length or the column is invalid
   * @throws IllegalStateException when the arena has been reset or closed since the batch was decoded
   */
  public void load() {
    if (loaded) {
      return;
    }
    if (arena.batches() != batchOfArena || arena.isClosed()) {
      throw new IllegalStateException("column '" + column.field().name() + "' is read after its record batch's "
          + "memory was handed to the next batch, or after its reader closed");
    }
    try {
      for (Pending p : pending) {
        ArrowBuffer out;
        try {
          out = BodyCompression.decompress(codec, p.raw(), maxBufferSize, size -> p.into());
        } catch (ArrowFormatException e) {
          throw new ArrowFormatException("buffer " + p.index() + ": " + e.problem(), e.getCause());
        }
        if (out.length() != p.into().capacity()) {
          throw new ArrowFormatException("buffer " + p.index() + " decompresses to " + out.length()
              + " bytes, not the " + p.into().capacity() + " its prefix declared");
        }
        if (!out.isContiguous() || !out.asByteBuffer().isDirect()) { // decompressed elsewhere: moved into place
          p.into().duplicate().put(0, out.asByteBuffer(), 0, (int) out.length());
        }
      }
      RecordBatchDecoder.validate(column, validation);
    } catch (ArrowFormatException e) {
      throw describe.apply(e.fieldPath() == null ? e.inField(column.field().name()) : e);
    }
    pending.clear();
    loaded = true;
  }
}
