package io.arrowfile.connector.files;

import io.arrowfile.columnar.memory.ArrowBuffer;
import java.io.IOException;
import io.arrowfile.spark.HadoopReads;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A {@link io.arrowfile.ipc.ByteSource} over a Hadoop file: every {@link #read} is one positioned read
 * ({@code readFully(position, ...)}) into a fresh heap buffer. The file reader asks for the footer, then
 * per record batch its metadata and then the wanted byte ranges. The file's first {@link #HEAD_CACHE} bytes (the
 * magic, looked at more than once) and its last {@link #TAIL_CACHE} bytes are fetched once, on the first read that
 * falls inside them, so the footer costs one round trip; on a store that reads range lists itself, both are
 * requested together when the file is opened.
 */
public final class HadoopByteSource implements PositionedSource {
  private final FSDataInputStream in;
  private final long size;
  private final String name;
  /** Bytes cached from the end of the file (footer, trailer). */
  static final int TAIL_CACHE = 64 << 10;
  private ArrowBuffer tail;
  /** Bytes cached from the start of the file: the magic and its padding, which tell a file from a stream. */
  static final int HEAD_CACHE = 8;
  private ArrowBuffer head;

  private final long modificationTime;
  private final boolean vectored;

  private HadoopByteSource(FSDataInputStream in, long size, long modificationTime, String name, boolean vectored) {
    this.in = in;
    this.vectored = vectored;
    this.size = size;
    this.modificationTime = modificationTime;
    this.name = name;
  }

  /**
   * Opens {@code path} for the reads an Arrow file gets: the footer, then scattered ranges. The stream is told so
   * ({@code fs.option.openfile.read.policy} "vector, random": object stores then fetch ranges, never start a
   * download of the whole file at the first read) and is given the file's status, which spares S3A another HEAD
   * request.
   */
  public static HadoopByteSource open(FileSystem fs, Path path) throws IOException {
    org.apache.hadoop.fs.FileStatus status = fs.getFileStatus(path);
    FSDataInputStream in = org.apache.hadoop.util.functional.FutureIO.awaitFuture(fs.openFile(path)
        .withFileStatus(status)
        .opt("fs.option.openfile.read.policy", "vector, random")
        .build());
    boolean vectored = !java.util.Set.of("file", "hdfs", "viewfs").contains(fs.getScheme())
        && HadoopReads.vectored(in);
    HadoopByteSource source = new HadoopByteSource(in, status.getLen(), status.getModificationTime(),
        path.toString(), vectored);
    if (vectored && source.size > HEAD_CACHE + TAIL_CACHE) {
      try {
        source.readHeadAndTail();
      } catch (IOException | RuntimeException e) {
        in.close();
        throw e;
      }
    }
    return source;
  }

  /** The head and tail caches, filled in one round trip. */
  private void readHeadAndTail() throws IOException {
    long tailStart = size - TAIL_CACHE;
    java.util.List<java.util.concurrent.CompletableFuture<java.nio.ByteBuffer>> both =
        readVectored(java.util.List.of(new long[] {0, HEAD_CACHE}, new long[] {tailStart, size}));
    head = ArrowBuffer.wrap(await(both.get(0)));
    tail = ArrowBuffer.wrap(await(both.get(1)));
  }

  @Override
  public long modificationTime() {
    return modificationTime;
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public ArrowBuffer read(long offset, long length) throws IOException {
    if (offset < 0 || length < 0 || offset + length > size) {
      throw new IOException(name + ": read of " + length + " bytes at " + offset + " is beyond the end ("
          + size + " bytes)");
    }
    long tailStart = Math.max(0, size - TAIL_CACHE);
    if (offset >= tailStart) {
      if (tail == null) {
        tail = readFresh(tailStart, size - tailStart);
      }
      return tail.slice(offset - tailStart, length);
    }
    if (offset + length <= HEAD_CACHE) {
      if (head == null) {
        head = readFresh(0, HEAD_CACHE);
      }
      return head.slice(offset, length);
    }
    return readFresh(offset, length);
  }

  private ArrowBuffer readFresh(long offset, long length) throws IOException {
    if (length > Integer.MAX_VALUE - 8) {
      throw new IOException(name + ": a single read of " + length + " bytes is too large for the heap");
    }
    byte[] bytes = new byte[(int) length];
    in.readFully(offset, bytes, 0, bytes.length);
    return ArrowBuffer.wrap(bytes);
  }

  @Override
  public void readFully(long position, java.nio.ByteBuffer into) throws IOException {
    if (position < 0 || position + into.remaining() > size) {
      throw new IOException(name + ": read of " + into.remaining() + " bytes at " + position
          + " is beyond the end (" + size + " bytes)");
    }
    if (into.hasArray()) {
      in.readFully(position, into.array(), into.arrayOffset() + into.position(), into.remaining());
      into.position(into.limit());
      return;
    }
    byte[] bytes = new byte[Math.min(into.remaining(), 1 << 20)];
    long at = position;
    while (into.hasRemaining()) {
      int n = Math.min(bytes.length, into.remaining());
      in.readFully(at, bytes, 0, n);
      into.put(bytes, 0, n);
      at += n;
    }
  }

  /**
   * Whether the stream reads a list of ranges itself ({@code PositionedReadable.readVectored}) and that pays: S3A
   * and the other object stores fetch them with parallel ranged GETs, merged as suits the store, so the reader
   * hands them its ranges as they are instead of coalescing them. Not for the local and HDFS file systems, whose
   * vectored reads are no faster than one coalesced read (locally, half again slower: ReadModeBenchmark).
   */
  boolean readsVectored() {
    return vectored;
  }

  /**
   * Starts one vectored read of the ranges {@code {start, end}} of the file: their bytes, in order, as they arrive.
   * The store fetches them in the background; {@link #await} waits for one.
   */
  java.util.List<java.util.concurrent.CompletableFuture<java.nio.ByteBuffer>> readVectored(
      java.util.List<long[]> ranges) throws IOException {
    java.util.List<long[]> startAndLength = new java.util.ArrayList<>(ranges.size());
    for (long[] r : ranges) {
      if (r[0] < 0 || r[1] > size || r[1] < r[0] || r[1] - r[0] > Integer.MAX_VALUE - 8) {
        throw new IOException(name + ": range [" + r[0] + ", " + r[1] + ") cannot be read in one buffer");
      }
      startAndLength.add(new long[] {r[0], r[1] - r[0]});
    }
    return HadoopReads.readVectored(in, startAndLength);
  }

  /** The bytes of one range of {@link #readVectored}, once they are in; its failure as this file's IOException. */
  java.nio.ByteBuffer await(java.util.concurrent.CompletableFuture<java.nio.ByteBuffer> range) throws IOException {
    try {
      return range.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException(name + ": interrupted while reading");
    } catch (java.util.concurrent.ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof IOException io ? io : new IOException(name + ": " + cause, cause);
    }
  }

  /** The underlying stream, positioned at 0 (for sequential reading of the stream format). */
  FSDataInputStream stream() throws IOException {
    in.seek(0);
    return in;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
