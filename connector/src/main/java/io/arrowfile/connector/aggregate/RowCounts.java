package io.arrowfile.connector.aggregate;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.ipc.ArrowFileDecoder;
import io.arrowfile.ipc.ByteRange;
import io.arrowfile.ipc.ByteSource;
import java.io.IOException;

/**
 * The number of rows of a record batch of an Arrow IPC file without reading its body, for {@code COUNT(*)} pushed
 * into the scan of a file without statistics ({@link FileAggregates}): the file format's footer lists the record
 * batch blocks but not their lengths, so each batch's metadata message is read (a few hundred bytes at the block's
 * offset; its {@code length} field).
 */
public final class RowCounts {
  private RowCounts() {}

  /** The {@code length} of record batch {@code k}, from its metadata message alone. */
  static long batchLength(ByteSource source, ArrowFileDecoder decoder, int k) throws IOException {
    long length = message(source, decoder, k).length();
    if (length < 0) {
      throw new ArrowFormatException("record batch length " + length + " is negative");
    }
    return length;
  }

  /** Record batch {@code k}'s metadata message (its row count, and what names its body ranges), without its body. */
  static ArrowFileDecoder.RecordBatchMessage message(ByteSource source, ArrowFileDecoder decoder, int k)
      throws IOException {
    ByteRange range = decoder.metadata(decoder.recordBatches().get(k));
    return decoder.recordBatch(k, source.read(range.offset(), range.length()));
  }

  /** Dictionary batch {@code i}'s metadata message (its id), without its body. */
  static ArrowFileDecoder.DictionaryMessage dictionaryMessage(ByteSource source, ArrowFileDecoder decoder, int i)
      throws IOException {
    ByteRange range = decoder.metadata(decoder.dictionaryBatches().get(i));
    return decoder.dictionaryBatch(i, source.read(range.offset(), range.length()));
  }
}
