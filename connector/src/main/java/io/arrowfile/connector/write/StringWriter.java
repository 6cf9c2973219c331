package io.arrowfile.connector.write;

import io.arrowfile.connector.statistics.StatisticsDocument;
import io.arrowfile.columnar.builder.VariableBinaryBuilder;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Strings: min/max in UTF-8 byte order (Spark's binary order), truncated as documented in JSON. From an
 * {@link UnsafeRow} on the heap (what Spark's writers pass) the bytes are copied straight out of the row, with no
 * {@link UTF8String} made per value (in the write's profile its constructor took 8% of the executor samples).
 */
final class StringWriter extends ColumnWriter {
  private final VariableBinaryBuilder b;
  /** The batch's least and greatest value so far (unsigned byte order), or null. */
  private byte[] min;
  private byte[] max;

  StringWriter(VariableBinaryBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    if (src instanceof UnsafeRow row && row.getBaseObject() instanceof byte[] base) {
      // An UnsafeRow's string field holds the value's offset in the row (high 32 bits) and its size (low 32).
      long offsetAndSize = row.getLong(ordinal);
      int size = (int) offsetAndSize;
      int from = (int) (row.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET + (offsetAndSize >>> 32));
      append(base, from, size);
      return;
    }
    UTF8String v = src.getUTF8String(ordinal);
    if (v.getBaseObject() instanceof byte[] base) {
      append(base, (int) (v.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET), v.numBytes());
    } else {
      byte[] bytes = v.getBytes();
      append(bytes, 0, bytes.length);
    }
  }

  private void append(byte[] bytes, int from, int size) {
    b.appendBytes(bytes, from, size);
    budget.bytes += 4L + size;
    if (stats) {
      int to = from + size;
      if (min == null) {
        min = Arrays.copyOfRange(bytes, from, to);
        max = min;
      } else if (Arrays.compareUnsigned(bytes, from, to, max, 0, max.length) > 0) {
        max = Arrays.copyOfRange(bytes, from, to); // above the max it cannot be below the min: one comparison
      } else if (Arrays.compareUnsigned(bytes, from, to, min, 0, min.length) < 0) {
        min = Arrays.copyOfRange(bytes, from, to);
      }
    }
  }

  @Override
  public void reportBounds(StatisticsDocument.Bounds bounds) {
    if (stats && min != null) {
      bounds.strings(UTF8String.fromBytes(min), UTF8String.fromBytes(max));
    }
  }

  @Override
  void resetMinMax() {
    min = null;
    max = null;
  }
}
