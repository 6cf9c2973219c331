package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.util.List;
import java.util.Objects;

/**
 * Builds RunEndEncoded arrays from plain values: consecutive equal values (nulls included) merge into
 * one run. Run ends have the type of the field's {@code run_ends} child (Int16, Int32 or Int64); a length
 * beyond that type's range is refused with an IllegalStateException.
 */
public final class RunEndEncodedBuilder extends ArrayBuilder {
  private static final Object NULL_KEY = new Object();

  private final Field runEndsField;
  private final BufferBuilder runEnds = new BufferBuilder();
  private final ArrayBuilder values;
  private final int width;
  private final long maxLength;
  private long length;
  private int runs;
  private Object lastKey;

  RunEndEncodedBuilder(Field field) {
    super(field);
    if (field.children().size() != 2) {
      throw new IllegalArgumentException("run-end encoded field '" + field.name()
          + "' needs children run_ends and values, has " + field.children().size());
    }
    this.runEndsField = field.child(0);
    if (!(runEndsField.type() instanceof ArrowType.Int i) || !i.signed() || i.bitWidth() == 8) {
      throw new IllegalArgumentException("run-end encoded field '" + field.name()
          + "': run_ends must be Int16, Int32 or Int64, not " + runEndsField.type());
    }
    this.width = runEndsField.type().byteWidth();
    this.maxLength = width == 8 ? Long.MAX_VALUE : (1L << (width * 8 - 1)) - 1;
    this.values = ArrayBuilder.create(field.child(1));
  }

  /** The builder of the runs' values (one per run). */
  public ArrayBuilder values() {
    return values;
  }

  /** Runs so far. */
  public int runCount() {
    return runs;
  }

  @Override
  public void appendNull() {
    appendRun(null, 1);
  }

  @Override
  public void appendObject(Object value) {
    appendRun(value, 1);
  }

  /** Appends {@code count} copies of {@code value} (merged with the last run when equal). */
  public void appendRun(Object value, long count) {
    if (count <= 0) {
      if (count == 0) {
        return;
      }
      throw new IllegalArgumentException("negative run length " + count);
    }
    long newLength = length + count;
    if (newLength > maxLength || newLength < 0) {
      throw new IllegalStateException("field '" + field.name() + "': length " + newLength
          + " is beyond run ends of " + runEndsField.type());
    }
    Object key = value == null ? NULL_KEY : DictionaryBuilder.normalize(value);
    if (runs > 0 && Objects.equals(key, lastKey)) {
      runEnds.setWidth(runEnds.size() - width, newLength, width);
    } else {
      if (value == null) {
        values.appendNull();
      } else {
        values.appendObject(value);
      }
      runEnds.putWidth(newLength, width);
      runs++;
      lastKey = key;
    }
    length = newLength;
  }

  /** Ends the current run: the next value starts a new one even when equal. */
  public void breakRun() {
    lastKey = new Object();
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public ArrayData build() {
    ArrayData ends = new ArrayData(runEndsField, runs, 0, 0, new ArrowBuffer[] {null, runEnds.finish()},
        List.of(), null);
    ArrayData vals = values.build();
    ArrayData data = new ArrayData(field, length, 0, 0, new ArrowBuffer[0], List.of(ends, vals), null);
    length = 0;
    runs = 0;
    lastKey = null;
    return data;
  }
}
