package io.arrowfile.connector.files;

import io.arrowfile.columnar.memory.ArrowBuffer;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A local file read with positioned reads ({@link FileChannel#read(ByteBuffer, long)}, {@code pread}) into memory
 * the reader owns: a file that is truncated while it is read ends a read early, which fails with an exception
 * naming the file, where a mapping would fault ({@link ReadMode}).
 *
 * <p>It also notices a file rewritten in place while it is read: {@link #requireUnchanged()}, called after each
 * record batch's bytes are in, compares the file's length and modification time with those seen at open, so bytes
 * of two versions never meet in one result.
 */
public final class LocalFile implements PositionedSource {
  private final Path path;
  private final String name;
  private final FileChannel channel;
  private final long size;
  private final long modificationTime;
  private final long modificationNanos;

  private LocalFile(Path path, FileChannel channel, long size, long modificationTime, long modificationNanos) {
    this.path = path;
    this.name = path.toString(); // whole: messages name the file as inference and Spark's own errors do
    this.channel = channel;
    this.size = size;
    this.modificationTime = modificationTime;
    this.modificationNanos = modificationNanos;
  }

  /**
   * Opens {@code path}; a missing file fails with {@link FileNotFoundException}, the exception Spark's
   * {@code ignoreMissingFiles} looks for.
   */
  public static LocalFile open(Path path) throws IOException {
    FileChannel channel;
    try {
      channel = FileChannel.open(path, StandardOpenOption.READ);
    } catch (NoSuchFileException e) {
      FileNotFoundException missing = new FileNotFoundException(path + " does not exist");
      missing.initCause(e);
      throw missing;
    }
    try {
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
      long size = channel.size();
      java.nio.file.attribute.FileTime mtime = attributes.lastModifiedTime();
      return new LocalFile(path, channel, size, mtime.toMillis(), mtime.to(java.util.concurrent.TimeUnit.NANOSECONDS));
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  @Override
  public long size() {
    return size;
  }

  /** The modification time seen at open, in milliseconds since the epoch. */
  @Override
  public long modificationTime() {
    return modificationTime;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public ArrowBuffer read(long offset, long length) throws IOException {
    checkRange(offset, length);
    if (length > Integer.MAX_VALUE - 8) {
      throw new IOException(name + ": a single read of " + length + " bytes is too large for one buffer");
    }
    byte[] bytes = new byte[(int) length];
    readFully(offset, ByteBuffer.wrap(bytes));
    return ArrowBuffer.wrap(bytes);
  }

  @Override
  public void readFully(long position, ByteBuffer into) throws IOException {
    checkRange(position, into.remaining());
    long at = position;
    while (into.hasRemaining()) {
      int n = channel.read(into, at);
      if (n < 0) {
        throw new EOFException(name + " was truncated while it was read: it ended at byte " + at + " of the "
            + size + " it had when opened");
      }
      at += n;
    }
  }

  private void checkRange(long offset, long length) throws IOException {
    if (offset < 0 || length < 0 || offset + length > size) {
      throw new IOException(name + ": read of " + length + " bytes at " + offset + " is beyond the end (" + size
          + " bytes)");
    }
  }

  /** Fails if the file's length or modification time differs from what they were at open. */
  @Override
  public void requireUnchanged() throws IOException {
    long nowSize = channel.size();
    long nowNanos;
    try {
      nowNanos = Files.getLastModifiedTime(path).to(java.util.concurrent.TimeUnit.NANOSECONDS);
    } catch (NoSuchFileException e) {
      return; // deleted (or renamed away) after open: the open descriptor still reads the one version it opened
    }
    if (nowSize != size || nowNanos != modificationNanos) {
      throw new IOException(name + " changed while it was read: " + size + " bytes modified at "
          + java.time.Instant.EPOCH.plusNanos(modificationNanos) + " when opened, now " + nowSize
          + " bytes modified at " + java.time.Instant.EPOCH.plusNanos(nowNanos));
    }
  }

  /** The file from its start, for sequential reading of the stream format (the channel's own position). */
  InputStream stream() throws IOException {
    channel.position(0);
    return Channels.newInputStream(channel);
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
