package io.arrowfile.connector.read;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.connector.statistics.FileStatistics;
import java.io.IOException;

/**
 * Where each record batch of a file starts, in rows from the file's start: the {@code row_index} of Spark's
 * {@code _metadata}. A task reads only some batches (its split, less those the statistics skip), yet every
 * batch before one counts. A batch's length is known once it is read; those not read are counted from the
 * footer's statistics (arrowfile's writer records each batch's rows), or else from each batch's metadata
 * message alone (a few hundred bytes, not its body), and only when {@code row_index} is asked for.
 */
final class RowPositions {
  /** The length of a batch that is not read: its header's {@code length}. */
  interface HeaderLength {
    long of(int batch) throws IOException;
  }

  private final String fileName;
  private final FileStatistics statistics;
  private final HeaderLength headers;
  /** The first batch not yet counted, and the row it starts at. */
  private int next;
  private long row;

  RowPositions(String fileName, FileStatistics statistics, HeaderLength headers) {
    this.fileName = fileName;
    this.statistics = statistics;
    this.headers = headers;
  }

  /** The first row of batch {@code k}; batches are asked for in ascending order, each before it is read. */
  long firstRow(int k) throws IOException {
    while (next < k) {
      row += statistics != null ? statistics.rows(next) : headers.of(next);
      next++;
    }
    return row;
  }

  /** Batch {@code k}, last asked for, was read and holds {@code length} rows. */
  void read(int k, long length) {
    if (statistics != null && statistics.rows(k) != length) {
      // The row indexes already handed out counted batches by these statistics: they cannot be trusted.
      throw new ArrowFormatException("record batch " + k + " has " + length + " rows but the footer's statistics ("
          + FileStatistics.KEY + ") say " + statistics.rows(k) + ", so _metadata.row_index cannot be computed; "
          + "rewrite the file, or read it without _metadata.row_index").in(fileName);
    }
    row = firstRowOrThrow(k) + length;
    next = k + 1;
  }

  private long firstRowOrThrow(int k) {
    if (next != k) {
      throw new IllegalStateException("batch " + k + " read before its first row was asked for");
    }
    return row;
  }
}
