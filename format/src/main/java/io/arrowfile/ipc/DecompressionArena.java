package io.arrowfile.ipc;

import io.arrowfile.columnar.memory.ArrowBuffer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Off-heap memory that a reader decompresses one record batch's buffers into, used again for the next batch: a
 * reader that hands it to {@link ArrowFileDecoder#decode(ArrowFileDecoder.RecordBatchMessage, BodyRanges,
 * ArrowBuffer, DecompressionArena)} (or {@link ArrowStreamDecoder}'s) makes no allocation per compressed buffer once
 * its memory has grown to the largest batch, and zstd decompresses straight from a direct body into it, with no copy
 * (a body in heap memory still decompresses to the heap with zstd: see {@code BodyCompression}).
 * The price is the batch's lifetime: every batch decoded into the arena overwrites the one before, so it is only for
 * readers whose caller is done with a batch when it asks for the next (Spark's contract for a partition reader's
 * batches). The readers of the public API ({@link ArrowFileReader}, {@link ArrowStreamReader}) never use one: their
 * batches are kept.
 *
 * <p>Memory stays at most the largest batch's decompressed size (plus 64-byte alignment per buffer), each buffer
 * being capped by {@link ReadOptions#maxBufferSize()}: a batch is laid out in one block sized to the largest batch
 * before it; what does not fit gets a block of its own, of exactly its size, and at the next batch the blocks are
 * given up and one block of the new largest size replaces them. A block given up goes to the release hook, if any (a
 * caller that may free direct memory at once passes one; the format module does not reach for {@code Unsafe}), else
 * to the garbage collector. Either way nothing here frees memory that a batch decoded since the last {@link #reset}
 * can see; a hook that frees at once must only be given by a caller that keeps to the contract above.
 *
 * <p>Not thread-safe: one reader, one thread.
 */
public final class DecompressionArena implements AutoCloseable {
  /** Buffers start at multiples of this, as Arrow recommends (and SIMD loads like). */
  private static final int ALIGNMENT = 64;
  /** The largest block: what one ByteBuffer slice can index, as {@link ArrowBuffer}'s chunks. */
  private static final long MAX_BLOCK = ArrowBuffer.CHUNK_SIZE;

  private final Consumer<ByteBuffer> release;
  /** The block a batch is laid out in; null before the first batch that needed one. */
  private ByteBuffer block;
  /** Blocks of their own for the buffers of this batch that did not fit {@link #block}. */
  private final List<ByteBuffer> overflow = new ArrayList<>();
  /** Where the next buffer of this batch starts, as if the whole batch were laid out in one block. */
  private long position;
  /** The largest batch so far, laid out in one block: the size {@link #block} grows to. */
  private long largest;
  private boolean closed;
  /** How many batches began ({@link #reset}): a {@link DeferredColumn} loads only into the batch it was made in. */
  private long batches;

  /** An arena whose blocks, once given up, the garbage collector frees. */
  public DecompressionArena() {
    this(null);
  }

  /**
   * An arena that hands every block it gives up (at the next batch, or on {@link #close}) to {@code release}, which
   * may free it at once: each is a direct buffer the arena allocated, not a slice of one.
   */
  public DecompressionArena(Consumer<ByteBuffer> release) {
    this.release = release;
  }

  /** Bytes of direct memory the arena holds now. */
  public long capacity() {
    long n = block == null ? 0 : block.capacity();
    for (ByteBuffer b : overflow) {
      n += b.capacity();
    }
    return n;
  }

  /**
   * A new batch begins: the buffers handed out since the last reset may be overwritten (or, with a release hook,
   * freed) from now on.
   */
  void reset() {
    requireOpen();
    batches++;
    largest = Math.max(largest, position);
    position = 0;
    if (!overflow.isEmpty()) {
      overflow.forEach(this::giveUp);
      overflow.clear();
      if (block != null && block.capacity() < Math.min(largest, MAX_BLOCK)) {
        giveUp(block);
        block = null; // allocated again, larger, when the batch needs it
      }
    }
  }

  /**
   * Writable direct memory of exactly {@code size} bytes for one decompressed buffer of the current batch, its
   * contents undefined: valid until the next {@link #reset}.
   */
  ByteBuffer allocate(int size) {
    requireOpen();
    if (size < 0) {
      throw new IllegalArgumentException("negative size " + size);
    }
    long start = (position + ALIGNMENT - 1) & -ALIGNMENT;
    position = start + size;
    if (block == null && largest > 0 && overflow.isEmpty()) {
      block = ByteBuffer.allocateDirect((int) Math.min(largest, MAX_BLOCK));
    }
    if (block != null && position <= block.capacity()) {
      return block.slice((int) start, size);
    }
    ByteBuffer own = ByteBuffer.allocateDirect(size);
    overflow.add(own);
    return own;
  }

  /** The number of batches begun so far. */
  long batches() {
    return batches;
  }

  boolean isClosed() {
    return closed;
  }

  /** Gives up the arena's memory (to the release hook, if any): no batch decoded into it may be used after. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    overflow.forEach(this::giveUp);
    overflow.clear();
    if (block != null) {
      giveUp(block);
      block = null;
    }
  }

  private void giveUp(ByteBuffer b) {
    if (release != null) {
      release.accept(b);
    }
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("the decompression arena is closed");
    }
  }
}
