package io.arrowfile.connector.files;

import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.DecompressionArena;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The memory a reader reads record batch bodies into, and decompresses their buffers into. A scan reuses one
 * off-heap buffer for every batch of a file (Spark's contract: a batch is done with when the next is asked for; its
 * vectorized Parquet reader reuses its column vectors the same way), so memory stays at the largest batch and a
 * positioned read lands in it with no intermediate copy (the JDK copies a read into heap memory through a temporary
 * direct buffer); the buffers of a compressed body are decompressed into reused off-heap memory as well
 * ({@link #decompressed}), read from a mapping or from this memory alike. Other readers get fresh heap memory per
 * batch, which their batches keep. Bodies over {@link ArrowBuffer#CHUNK_SIZE} are chunked.
 */
final class BodyMemory implements AutoCloseable {
  private final boolean reuse;
  /** The buffers of the current body: every one but the last holds CHUNK_SIZE bytes. */
  private ByteBuffer[] chunks = new ByteBuffer[0];
  /** Reused off-heap memory: one buffer for bodies up to CHUNK_SIZE, chunks of the last larger body. */
  private ByteBuffer reused;
  private ByteBuffer[] large;
  /** Where a reusing reader's batches are decompressed; null when batches are kept. */
  private final DecompressionArena decompressed;

  /**
   * {@code reuse}: each {@link #take} may overwrite the body the previous one returned, and each batch decoded into
   * {@link #decompressed} the one before.
   */
  BodyMemory(boolean reuse) {
    this.reuse = reuse;
    this.decompressed = reuse ? new DecompressionArena(DirectMemory::free) : null;
  }

  /**
   * The memory to decode a batch's compressed buffers into, for {@code ArrowFileDecoder.decode} and
   * {@code ArrowStreamDecoder.decode}: reused, and given back at once at each batch and on {@link #close}, when this
   * memory is; null (fresh memory per batch) when it is not.
   */
  DecompressionArena decompressed() {
    return decompressed;
  }

  /** Memory for a body of {@code size} bytes, its contents undefined until read into with {@link #read}. */
  ArrowBuffer take(long size) {
    if (size <= ArrowBuffer.CHUNK_SIZE) {
      ByteBuffer one;
      if (reuse) {
        freeLarge();
        if (reused == null || reused.capacity() < size) {
          long grown = Math.max(size, reused == null ? 1 << 16 : 2L * reused.capacity());
          freeReused();
          reused = ByteBuffer.allocateDirect((int) Math.min(ArrowBuffer.CHUNK_SIZE, grown));
        }
        one = reused.slice(0, (int) size);
      } else {
        one = ByteBuffer.wrap(new byte[(int) size]);
      }
      chunks = new ByteBuffer[] {one};
      return ArrowBuffer.wrap(one);
    }
    // Bodies this large are rare (a batch over 1 GiB): chunks for this body only.
    freeBodies();
    int n = (int) ((size + ArrowBuffer.CHUNK_SIZE - 1) >>> ArrowBuffer.CHUNK_SHIFT);
    ByteBuffer[] parts = new ByteBuffer[n];
    for (int k = 0; k < n; k++) {
      int length = (int) Math.min(ArrowBuffer.CHUNK_SIZE, size - ((long) k << ArrowBuffer.CHUNK_SHIFT));
      parts[k] = reuse ? ByteBuffer.allocateDirect(length) : ByteBuffer.wrap(new byte[length]);
    }
    if (reuse) {
      large = parts;
    }
    chunks = parts;
    return ArrowBuffer.ofChunks(parts);
  }

  /** Reads {@code length} bytes at {@code position} of {@code source} into the current body at {@code at}. */
  void read(PositionedSource source, long position, long at, long length) throws IOException {
    long done = 0;
    while (done < length) {
      long target = at + done;
      ByteBuffer chunk = chunks[(int) (target >>> ArrowBuffer.CHUNK_SHIFT)];
      int from = (int) (target & (ArrowBuffer.CHUNK_SIZE - 1));
      int n = (int) Math.min(length - done, chunk.capacity() - from);
      source.readFully(position + done, chunk.duplicate().position(from).limit(from + n));
      done += n;
    }
  }

  /** Copies {@code data}'s remaining bytes into the current body at {@code at}. */
  void put(long at, ByteBuffer data) {
    ByteBuffer src = data.duplicate();
    long target = at;
    while (src.hasRemaining()) {
      ByteBuffer chunk = chunks[(int) (target >>> ArrowBuffer.CHUNK_SHIFT)];
      int from = (int) (target & (ArrowBuffer.CHUNK_SIZE - 1));
      int n = Math.min(src.remaining(), chunk.capacity() - from);
      chunk.duplicate().position(from).put(src.duplicate().limit(src.position() + n));
      src.position(src.position() + n);
      target += n;
    }
  }

  /** Releases the reused memory at once (the batches read into it must be done with). */
  @Override
  public void close() {
    freeBodies();
    if (decompressed != null) {
      decompressed.close();
    }
  }

  private void freeBodies() {
    freeReused();
    freeLarge();
    chunks = new ByteBuffer[0];
  }

  private void freeReused() {
    if (reused != null) {
      DirectMemory.free(reused);
      reused = null;
    }
  }

  private void freeLarge() {
    if (large != null) {
      for (ByteBuffer b : large) {
        DirectMemory.free(b);
      }
      large = null;
    }
  }
}
