package io.arrowfile.connector.read;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.connector.statistics.FileStatistics;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowStreamReader;
import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.flatbuf.MetadataCodec;
import io.arrowfile.ipc.message.MessageReader;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import java.io.IOException;
import java.util.List;

/**
 * The number of rows of an Arrow IPC file without reading any record batch body, for {@code COUNT(*)} pushed
 * into the scan. The file format's footer lists the record batch blocks but not their lengths, so: the rows
 * the arrowfile statistics (footer metadata, written by our writer) record, when they are there and agree with
 * the footer's batch count; otherwise each record batch's metadata message (a few hundred bytes at the block's
 * offset; its {@code length} field). A stream has no footer: its batches are read in order (a mapped stream
 * decodes as slices, no copy), which is the one case where bodies are touched.
 */
public final class RowCounts {
  private RowCounts() {}

  /** The rows in {@code source} (closed here); counts metadata bytes (and stream batches) in {@code metrics}. */
  public static long count(ByteSource source, ScanMetrics metrics) throws IOException {
    try (ByteSource s = source) {
      if (!ArrowFileReader.hasFileMagic(s)) {
        ArrowStreamReader stream = ArrowStreamReader.open(s, ReadOptions.DEFAULT);
        long rows = 0;
        for (RecordBatch b = stream.next(); b != null; b = stream.next()) {
          rows += b.length();
          metrics.batchesRead++;
        }
        return rows;
      }
      ArrowFileReader file = ArrowFileReader.open(s, ReadOptions.DEFAULT);
      List<Block> blocks = file.footer().recordBatches();
      FileStatistics stats = FileStatistics.of(file.schema(), file.customMetadata(), blocks.size());
      if (stats != null) {
        return stats.totalRows();
      }
      long rows = 0;
      for (int k = 0; k < blocks.size(); k++) {
        Block block = blocks.get(k);
        try {
          rows += batchLength(s, block);
        } catch (ArrowFormatException e) {
          throw e.at("record batch " + k + " (offset " + block.offset() + ")").in(s.name());
        }
        metrics.bytesRead += block.metaDataLength();
      }
      return rows;
    }
  }

  /** The {@code length} of the record batch at {@code block}, from its metadata message alone. */
  static long batchLength(ByteSource source, Block block) throws IOException {
    if (block.offset() < 0 || block.metaDataLength() < 8 || block.bodyLength() < 0
        || block.offset() + block.metaDataLength() + block.bodyLength() > source.size()) {
      throw new ArrowFormatException("footer block (offset " + block.offset() + ") is not within the file");
    }
    ArrowBuffer head = source.read(block.offset(), block.metaDataLength());
    int first = head.getInt(0);
    int prefix = first == -1 ? 8 : 4; // continuation marker, or the pre-0.15 bare length
    int length = first == -1 ? head.getInt(4) : first;
    if (length <= 0 || length > block.metaDataLength() - prefix
        || length > ReadOptions.DEFAULT.maxMetadataLength()) {
      throw new ArrowFormatException("message metadata length " + length + " does not fit the block");
    }
    Message m = MetadataCodec.readMessage(MessageReader.contiguous(head.slice(prefix, length)));
    if (!(m.header() instanceof RecordBatchHeader header)) {
      throw new ArrowFormatException("footer's record batch block points at another kind of message");
    }
    if (header.length() < 0) {
      throw new ArrowFormatException("record batch length " + header.length() + " is negative");
    }
    return header.length();
  }
}
