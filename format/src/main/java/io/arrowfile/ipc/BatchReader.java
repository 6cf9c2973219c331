package io.arrowfile.ipc;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Schema;
import java.io.IOException;

/** Record batches read one after the other from an IPC file or stream ({@link BatchReaders#open} opens either). */
public interface BatchReader extends AutoCloseable {

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
