package io.arrowfile.connector.files;

import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.ByteSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local file memory-mapped read-only, like {@code ByteSource.map}, but whose {@link #close()} unmaps it at once
 * instead of leaving the mapping to the garbage collector: a scan that stops early ({@code LIMIT}) or a task
 * that reads many files releases each file's address space (and, on Windows, the lock that keeps it from being
 * deleted) when its reader closes, not at some later GC.
 *
 * <p>Unmapping makes every view of the mapping invalid: touching one afterwards crashes the JVM rather than
 * throwing. The readers close only when Spark is done with the batches: at the end of the file (the consumer
 * has finished the previous batch before asking for the next), or at task completion, the same points where
 * Spark's own vectorized Parquet reader frees (off-heap) or reuses its column vectors. The system property
 * {@value #KEEP_MAPPED} set to true leaves unmapping to the GC, as a safety valve.
 */
public final class MappedFile implements ByteSource {
  /** System property: when true, {@link #close()} does not unmap (the GC does, eventually). */
  public static final String KEEP_MAPPED = DirectMemory.KEEP;

  /** Mappings made and not yet closed, in this JVM (for tests and diagnostics). */
  private static final AtomicInteger OPEN = new AtomicInteger();

  private final String name;
  private final long size;
  private MappedByteBuffer[] chunks;
  private ArrowBuffer all;

  private MappedFile(String name, long size, MappedByteBuffer[] chunks, ArrowBuffer all) {
    this.name = name;
    this.size = size;
    this.chunks = chunks;
    this.all = all;
  }

  /** Maps {@code path} (in {@link ArrowBuffer#CHUNK_SIZE} chunks beyond 2 GiB). The channel is closed at once. */
  public static MappedFile open(Path path) throws IOException {
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      long size = channel.size();
      MappedByteBuffer[] chunks;
      ArrowBuffer all;
      if (size <= Integer.MAX_VALUE) {
        chunks = new MappedByteBuffer[] {channel.map(FileChannel.MapMode.READ_ONLY, 0, size)};
        all = ArrowBuffer.wrap(chunks[0]);
      } else {
        int n = (int) ((size + ArrowBuffer.CHUNK_SIZE - 1) >>> ArrowBuffer.CHUNK_SHIFT);
        chunks = new MappedByteBuffer[n];
        for (int k = 0; k < n; k++) {
          long start = (long) k << ArrowBuffer.CHUNK_SHIFT;
          chunks[k] = channel.map(FileChannel.MapMode.READ_ONLY, start, Math.min(ArrowBuffer.CHUNK_SIZE, size - start));
        }
        all = ArrowBuffer.ofChunks(chunks);
      }
      OPEN.incrementAndGet();
      return new MappedFile(path.toString(), size, chunks, all);
    }
  }

  /** How many mappings this class made that are not closed yet. */
  public static int openCount() {
    return OPEN.get();
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public ArrowBuffer read(long offset, long length) throws IOException {
    ArrowBuffer bytes = all;
    if (bytes == null) {
      throw new IOException(name + ": read after close");
    }
    if (offset < 0 || length < 0 || offset + length > size) {
      throw new IOException(name + ": read of " + length + " bytes at " + offset + " is beyond the end ("
          + size + " bytes)");
    }
    return bytes.slice(offset, length);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public synchronized void close() {
    MappedByteBuffer[] mapped = chunks;
    if (mapped == null) {
      return;
    }
    chunks = null;
    all = null;
    OPEN.decrementAndGet();
    for (ByteBuffer b : mapped) {
      DirectMemory.free(b); // an empty file has no mapping behind its buffer: free skips it
    }
  }
}
