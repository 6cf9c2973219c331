package io.arrowfile.ipc;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Schema;
import java.io.IOException;
import java.nio.file.Path;

/** Record batches read one after the other from an IPC file or stream. */
public interface BatchReader extends AutoCloseable {

  /** The file or stream at {@code path}: a file when it starts with the file magic {@code ARROW1}. */
  static BatchReader open(Path path, ReadOptions options) throws IOException {
    ByteSource source = ByteSource.map(path);
    try {
      if (ArrowFileReader.hasFileMagic(source)) {
        return ArrowFileReader.open(source, options);
      }
      return ArrowStreamReader.open(source, options);
    } catch (IOException | RuntimeException e) {
      source.close();
      throw e;
    }
  }

  Schema schema();

  /** The next record batch, or null after the last one. */
  RecordBatch next() throws IOException;

  /** Record batches returned by {@link #next()} so far. */
  int batchIndex();

  /** The name of the source, for messages. */
  String sourceName();

  @Override
  void close() throws IOException;
}
