package io.arrowfile.ipc;

import io.arrowfile.ipc.metadata.RecordBatchHeader;
import java.util.List;

/** The byte ranges of one record batch a selection needs, and where each goes in the body handed back. */
public final class BodyRanges {
  final ColumnSelection selection;
  /** The header of the selected nodes and buffers (offsets in the file's body), or null for the whole body. */
  final RecordBatchHeader selected;
  final List<ByteRange> ranges;
  final long[] placedAt;
  final long size;
  final long bufferBytes;

  BodyRanges(ColumnSelection selection, RecordBatchHeader selected, List<ByteRange> ranges, long[] placedAt,
      long size, long bufferBytes) {
    this.selection = selection;
    this.selected = selected;
    this.ranges = List.copyOf(ranges);
    this.placedAt = placedAt;
    this.size = size;
    this.bufferBytes = bufferBytes;
  }

  /** The ranges of the file to fetch, in file order (none may be empty for a batch of empty buffers). */
  public List<ByteRange> ranges() {
    return ranges;
  }

  /** Where range {@code r}'s bytes go in the body handed to {@link ArrowFileDecoder#decode}. */
  public long placedAt(int r) {
    return placedAt[r];
  }

  /** The size of the body handed to {@link ArrowFileDecoder#decode}. */
  public long size() {
    return size;
  }

  /** The bytes of the selected buffers themselves (no gaps, no padding). */
  public long bufferBytes() {
    return bufferBytes;
  }
}
