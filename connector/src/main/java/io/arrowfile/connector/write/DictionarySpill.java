package io.arrowfile.connector.write;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkEnv;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The values of a file's string dictionary once its in-memory part ({@link StringDictionary}) is full, kept on
 * local disk until the file ends, so that a dictionary-encoded column never fails a write and never holds more
 * than its bounded hash table in memory.
 *
 * <p>A file may hold only one dictionary per column (the IPC file format has no replacement, and delta
 * dictionaries, which it allows, are refused by Polars' reader), and the schema written at the file's first batch
 * already declares the column encoded. So when the dictionary is full, every further value not in it is appended
 * here as a new entry, without deduplication (the dictionary then has repeated values, which the format allows);
 * the file's one dictionary is the in-memory values followed by these. Its bytes are the column's bytes at worst,
 * as a plain column's would be, and stay in two temporary files (value bytes and int32 offsets) in Spark's local
 * directories, mapped when the dictionary batch is written and deleted by {@link #close()}.
 */
final class DictionarySpill implements AutoCloseable {
  /** Int32 offsets: the dictionary's value bytes must stay below 2 GiB. */
  static final long MAX_BYTES = Integer.MAX_VALUE;
  /** {@link #MAX_BYTES}, lowered by tests that need a write to fail there (executors share the JVM in local mode). */
  static volatile long maxBytes = MAX_BYTES;

  private final String column;
  private final Path dataPath;
  private final Path offsetsPath;
  private final FileChannel data;
  private final FileChannel offsets;
  private final ByteBuffer dataBuffer = ByteBuffer.allocateDirect(1 << 16);
  private final ByteBuffer offsetBuffer = ByteBuffer.allocateDirect(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
  private long bytes;
  private long size;

  private DictionarySpill(String column, Path dataPath, Path offsetsPath) throws IOException {
    this.column = column;
    this.dataPath = dataPath;
    this.offsetsPath = offsetsPath;
    FileChannel d = null;
    try {
      d = FileChannel.open(dataPath, StandardOpenOption.WRITE, StandardOpenOption.READ);
      this.data = d;
      this.offsets = FileChannel.open(offsetsPath, StandardOpenOption.WRITE, StandardOpenOption.READ);
    } catch (IOException | RuntimeException e) {
      if (d != null) {
        d.close();
      }
      delete(dataPath, offsetsPath);
      throw e;
    }
    offsetBuffer.putInt(0);
  }

  /** A spill starting with the values of {@code head}, the full in-memory dictionary. */
  static DictionarySpill startWith(StringDictionary head, String column) {
    Path dataPath = null;
    Path offsetsPath = null;
    try {
      dataPath = tempFile();
      offsetsPath = tempFile();
      DictionarySpill spill = new DictionarySpill(column, dataPath, offsetsPath);
      for (int i = 0; i < head.size(); i++) {
        spill.append(head.get(i));
      }
      return spill;
    } catch (IOException e) {
      delete(dataPath, offsetsPath);
      throw new UncheckedIOException("arrowfile: cannot keep the dictionary of string column '" + column
          + "' on local disk once it outgrew memory: " + e.getMessage(), e);
    }
  }

  /** A new file in one of Spark's local directories (spark.local.dir), or in java.io.tmpdir outside Spark. */
  private static Path tempFile() throws IOException {
    SparkEnv env = SparkEnv.get();
    if (env != null && env.blockManager() != null) {
      File f = env.blockManager().diskBlockManager().createTempLocalBlock()._2();
      Files.createFile(f.toPath());
      return f.toPath();
    }
    return Files.createTempFile("arrowfile-dictionary", ".tmp");
  }

  /** The two temporary files (for tests). */
  List<Path> files() {
    return List.of(dataPath, offsetsPath);
  }

  /** Entries so far (the in-memory head's included). */
  long size() {
    return size;
  }

  /** Appends {@code v} as a new entry and returns its index. */
  int append(UTF8String v) {
    int n = v.numBytes();
    if (bytes + n > maxBytes || size + 1 > Integer.MAX_VALUE / 4) {
      throw new IllegalStateException("arrowfile: string column '" + column + "' is dictionary-encoded in this "
          + "file, and its dictionary reached " + size + " values of " + bytes + " bytes: one Arrow string array "
          + "holds less than 2 GiB. Write this data with dictionary=never, or with fewer rows per file "
          + "(maxRecordsPerFile)");
    }
    try {
      byte[] copy = v.getBytes();
      int from = 0;
      while (from < n) {
        int k = Math.min(dataBuffer.remaining(), n - from);
        dataBuffer.put(copy, from, k);
        from += k;
        if (!dataBuffer.hasRemaining()) {
          drain(dataBuffer, data);
        }
      }
      bytes += n;
      if (offsetBuffer.remaining() < 4) {
        drain(offsetBuffer, offsets);
      }
      offsetBuffer.putInt((int) bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("arrowfile: writing the dictionary of string column '" + column
          + "' to local disk: " + e.getMessage(), e);
    }
    return (int) size++;
  }

  private static void drain(ByteBuffer buffer, FileChannel channel) throws IOException {
    buffer.flip();
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
    buffer.clear();
  }

  /** The whole dictionary as one Utf8 array of {@code valueField}, over the mapped files. */
  ArrayData values(Field valueField) throws IOException {
    drain(dataBuffer, data);
    drain(offsetBuffer, offsets);
    ArrowBuffer offsetBytes = map(offsets, 4 * (size + 1));
    ArrowBuffer valueBytes = map(data, bytes);
    return new ArrayData(valueField, size, 0, 0, new ArrowBuffer[] {null, offsetBytes, valueBytes}, List.of(),
        null);
  }

  private static ArrowBuffer map(FileChannel channel, long length) throws IOException {
    if (length == 0) {
      return ArrowBuffer.EMPTY;
    }
    List<ByteBuffer> chunks = new ArrayList<>();
    for (long at = 0; at < length; at += ArrowBuffer.CHUNK_SIZE) {
      chunks.add(channel.map(FileChannel.MapMode.READ_ONLY, at, Math.min(ArrowBuffer.CHUNK_SIZE, length - at)));
    }
    return ArrowBuffer.ofChunks(chunks.toArray(new ByteBuffer[0]));
  }

  /** Closes and deletes the temporary files (mappings made by {@link #values} stay valid until collected). */
  @Override
  public void close() {
    try {
      data.close();
      offsets.close();
    } catch (IOException ignored) {
      // deleting is what matters
    } finally {
      delete(dataPath, offsetsPath);
    }
  }

  private static void delete(Path... paths) {
    for (Path p : paths) {
      if (p != null) {
        try {
          Files.deleteIfExists(p);
        } catch (IOException ignored) {
          // a temporary file in Spark's local directories goes with them
        }
      }
    }
  }
}
