package io.arrowfile.ipc;

import io.arrowfile.columnar.memory.ArrowBuffer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Random-access bytes an IPC file is read from: a memory-mapped file, an in-memory buffer or (later) a
 * remote file system. {@link #read} may return a slice of a mapping or fresh memory.
 */
public interface ByteSource extends AutoCloseable {

  /** Total size in bytes. */
  long size();

  /** {@code length} bytes from {@code offset}; the caller has checked the range against {@link #size()}. */
  ArrowBuffer read(long offset, long length) throws IOException;

  /** A name for error messages, such as the file name. */
  String name();

  @Override
  void close() throws IOException;

  /**
   * The file at {@code path}, memory-mapped read-only (in {@link ArrowBuffer#CHUNK_SIZE} chunks beyond 2 GiB), named
   * {@code path} as given.
   */
  static ByteSource map(Path path) throws IOException {
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      long size = channel.size();
      ArrowBuffer all;
      if (size <= Integer.MAX_VALUE) {
        all = ArrowBuffer.wrap(channel.map(FileChannel.MapMode.READ_ONLY, 0, size));
      } else {
        int n = (int) ((size + ArrowBuffer.CHUNK_SIZE - 1) >>> ArrowBuffer.CHUNK_SHIFT);
        ByteBuffer[] chunks = new ByteBuffer[n];
        for (int k = 0; k < n; k++) {
          long start = (long) k << ArrowBuffer.CHUNK_SHIFT;
          chunks[k] = channel.map(FileChannel.MapMode.READ_ONLY, start,
              Math.min(ArrowBuffer.CHUNK_SIZE, size - start));
        }
        all = ArrowBuffer.ofChunks(chunks);
      }
      // named as the caller named it: an error then points at the file the user gave, not a base name
      return wrap(all, path.toString());
    }
  }

  /** Bytes already in memory. */
  static ByteSource wrap(ArrowBuffer bytes, String name) {
    Objects.requireNonNull(bytes, "bytes");
    return new ByteSource() {
      @Override
      public long size() {
        return bytes.length();
      }

      @Override
      public ArrowBuffer read(long offset, long length) {
        try {
          return bytes.slice(offset, length);
        } catch (IndexOutOfBoundsException e) {
          throw new UncheckedIOException(new IOException(name + ": read of " + length + " bytes at "
              + offset + " is beyond the end (" + bytes.length() + " bytes)", e));
        }
      }

      @Override
      public String name() {
        return name;
      }

      @Override
      public void close() {}
    };
  }

  static ByteSource wrap(byte[] bytes, String name) {
    return wrap(ArrowBuffer.wrap(bytes), name);
  }
}
