package io.arrowfile.connector.read;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.flatbuf.MetadataCodec;
import io.arrowfile.ipc.message.MessageReader;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import java.io.IOException;

/**
 * The number of rows of a record batch of an Arrow IPC file without reading its body, for {@code COUNT(*)} pushed
 * into the scan of a file without statistics ({@link FileAggregates}): the file format's footer lists the record
 * batch blocks but not their lengths, so each batch's metadata message is read (a few hundred bytes at the block's
 * offset; its {@code length} field).
 */
public final class RowCounts {
  private RowCounts() {}

  /** The {@code length} of the record batch at {@code block}, from its metadata message alone. */
  static long batchLength(ByteSource source, Block block) throws IOException {
    RecordBatchHeader header = batchHeader(source, block);
    if (header.length() < 0) {
      throw new ArrowFormatException("record batch length " + header.length() + " is negative");
    }
    return header.length();
  }

  /** The header of the record batch at {@code block} (its row count, field nodes and buffers), without its body. */
  static RecordBatchHeader batchHeader(ByteSource source, Block block) throws IOException {
    if (!(message(source, block).header() instanceof RecordBatchHeader header)) {
      throw new ArrowFormatException("footer's record batch block points at another kind of message");
    }
    return header;
  }

  /** The metadata message at {@code block} (a record batch's or a dictionary batch's), without its body. */
  static Message message(ByteSource source, Block block) throws IOException {
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
    return MetadataCodec.readMessage(MessageReader.contiguous(head.slice(prefix, length)));
  }
}
