package io.arrowfile.connector.files;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.ipc.ArrowFileDecoder;
import io.arrowfile.ipc.ByteRange;
import io.arrowfile.ipc.ByteSource;
import java.io.IOException;

/**
 * The number of rows of a record batch of an Arrow IPC file without reading its body: the file format's footer
 * lists the record batch blocks but not their lengths, so each batch's metadata message is read (a few hundred bytes
 * at the block's offset; its {@code length} field). For {@code COUNT(*)} of a file without statistics
 * ({@code aggregate.FileAggregates}), the row counts of a {@code footer.FooterSummary}, and the row positions of a scan
 * ({@link FileBatchReader#batchLength}).
 */
public final class RowCounts {
  private RowCounts() {}

  /** The {@code length} of record batch {@code k}, from its metadata message alone. */
  public static long batchLength(ByteSource source, ArrowFileDecoder decoder, int k) throws IOException {
    return length(message(source, decoder, k));
  }

  /**
   * The row count {@code m} declares. The decoder takes the field as it is; a negative one (which the format cannot
   * mean) fails here, before it counts rows or positions.
   */
  public static long length(ArrowFileDecoder.RecordBatchMessage m) {
    long length = m.length();
    if (length < 0) {
      throw new ArrowFormatException("record batch length " + length + " is negative");
    }
    return length;
  }

  /** Record batch {@code k}'s metadata message (its row count, and what names its body ranges), without its body. */
  public static ArrowFileDecoder.RecordBatchMessage message(ByteSource source, ArrowFileDecoder decoder, int k)
      throws IOException {
    ByteRange range = decoder.metadata(decoder.recordBatches().get(k));
    return decoder.recordBatch(k, source.read(range.offset(), range.length()));
  }

  /** Dictionary batch {@code i}'s metadata message (its id), without its body. */
  public static ArrowFileDecoder.DictionaryMessage dictionaryMessage(ByteSource source, ArrowFileDecoder decoder, int i)
      throws IOException {
    ByteRange range = decoder.metadata(decoder.dictionaryBatches().get(i));
    return decoder.dictionaryBatch(i, source.read(range.offset(), range.length()));
  }
}
