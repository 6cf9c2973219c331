package io.arrowfile.connector.write;

import io.arrowfile.spark.Strings;
import io.arrowfile.connector.statistics.StatisticsDocument;
import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.builder.ArrayBuilder;
import io.arrowfile.columnar.builder.IntBuilder;
import io.arrowfile.columnar.builder.VariableBinaryBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import java.io.IOException;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A top-level string column written with {@code dictionary=auto} or {@code always}: values become int32
 * indices into one dictionary per column and file, written once, complete, when the file is closed (see
 * {@link io.arrowfile.ipc.ArrowFileWriter#writeDeferred}); in a stream, before the first batch and grown by a
 * delta of the values new in each later batch ({@link #newValues}).
 *
 * <p>During the file's first batch the column is written both ways, plain (through a {@link StringWriter}, which
 * also keeps the statistics) and as indices. At the first flush {@link #decide} picks one for the whole file:
 * {@code always} picks the dictionary; {@code auto} picks it when the batch has at most
 * {@link #AUTO_MAX_DISTINCT_RATIO} distinct values per non-null value. A plain column is then written by the
 * {@link StringWriter} alone ({@link #plainWriter()}).
 *
 * <p>The dictionary's distinct values are kept in memory ({@link StringDictionary}), the file's dictionaries together
 * bounded by {@link #MAX_ENTRIES} values and {@code maxBatchBytes} bytes. When the first batch passes that bound, {@code auto} picks plain. When an
 * encoded column passes it (a column that looked repetitive in the first batch and is not), the write goes on: the
 * file's schema already declares the column encoded and a file holds one dictionary per column, so every further
 * new value becomes a new dictionary entry kept on local disk ({@link DictionarySpill}), and the dictionary is
 * written uncompressed at the end of the file.
 */
final class DictionaryStringWriter extends ColumnWriter {
  /** {@code auto} encodes a column whose first batch has at most this many distinct values per non-null value. */
  static final double AUTO_MAX_DISTINCT_RATIO = 0.25;
  /** The most distinct values a file's dictionaries may hold in memory together (hash tables of 16 MiB at most). */
  static final int MAX_ENTRIES = 1 << 20;

  private final String name;
  private final boolean always;
  private final IntBuilder indices;
  private final StringWriter plain;
  private final VariableBinaryBuilder plainBuilder;
  private final StringDictionary dictionary;
  private final long dictionaryId;
  private boolean decided;
  private boolean firstBatch = true;
  private boolean encoded;
  private boolean overflowed;
  private long firstBatchNonNull;
  // statistics of the batch when encoded: min/max as dictionary indices, seen[] marks values met in this batch
  private int[] seen = new int[256];
  private int epoch = 1;
  private int min = -1;
  private int max = -1;
  // ... and of the batch's spilled values (copies)
  private UTF8String spilledMin;
  private UTF8String spilledMax;
  /** The dictionary's values past the in-memory bound, or null. */
  private DictionarySpill spill;
  /** How many of the dictionary's values {@link #newValues} handed out (a stream's dictionary batches). */
  private long handedOut;

  DictionaryStringWriter(VariableBinaryBuilder plainBuilder, Budget budget, boolean stats, String name,
      boolean always, StringDictionary.Bound bound, long dictionaryId) {
    super(ArrayBuilder.create(Field.nullable(name, ArrowType.Int.INT32)), budget, stats);
    this.indices = (IntBuilder) builder;
    this.plainBuilder = plainBuilder;
    this.plain = new StringWriter(plainBuilder, budget, stats);
    this.name = name;
    this.always = always;
    this.dictionary = new StringDictionary(bound);
    this.dictionaryId = dictionaryId;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    UTF8String v = src.getUTF8String(ordinal);
    if (decided) {
      int index = dictionary.add(v);
      if (index < 0) {
        index = spill(v);
      }
      indices.appendInt(index);
      budget.bytes += 4;
      if (stats) {
        track(index, v);
      }
      return;
    }
    // first batch: plain and encoded side by side (nulls reach only the indices: pad the plain column here)
    long row = indices.length();
    while (plainBuilder.length() < row) {
      plainBuilder.appendNull();
    }
    plain.writeValue(src, ordinal);
    firstBatchNonNull++;
    if (!overflowed) {
      int index = dictionary.add(v);
      if (index < 0) {
        if (always) {
          indices.appendInt(spill(v));
          return;
        }
        overflowed = true;
      } else {
        indices.appendInt(index);
        return;
      }
    }
    indices.appendInt(0); // keeps the row count; the encoded side is dropped at the decision
  }

  /** Appends {@code v}, not in the full in-memory dictionary, to the spilled part; returns its index. */
  private int spill(UTF8String v) {
    if (spill == null) {
      spill = DictionarySpill.startWith(dictionary, name);
    }
    return spill.append(v);
  }

  private void track(int index, UTF8String v) {
    if (index >= dictionary.size()) { // spilled: compared as bytes, copied when it is a new bound
      if (spilledMin == null || Strings.binaryCompare(v, spilledMin) < 0) {
        spilledMin = v.clone();
      }
      if (spilledMax == null || Strings.binaryCompare(v, spilledMax) > 0) {
        spilledMax = v.clone();
      }
      return;
    }
    if (index >= seen.length) {
      seen = java.util.Arrays.copyOf(seen, Math.max(index + 1, seen.length * 2));
    }
    if (seen[index] != epoch) {
      seen[index] = epoch;
      if (min < 0 || Strings.binaryCompare(dictionary.get(index), dictionary.get(min)) < 0) {
        min = index;
      }
      if (max < 0 || Strings.binaryCompare(dictionary.get(index), dictionary.get(max)) > 0) {
        max = index;
      }
    }
  }

  /**
   * Decides, at the file's first flush, whether the column is encoded (see the class comment) and returns the
   * column's field: {@code plainField} or it with the dictionary encoding.
   */
  Field decide(Field plainField) {
    decided = true;
    encoded = always || (!overflowed && firstBatchNonNull > 0
        && dictionary.size() <= AUTO_MAX_DISTINCT_RATIO * firstBatchNonNull);
    if (!encoded) {
      dictionary.release(); // the memory goes to the file's encoded columns
    }
    return encoded ? dictionaryField(plainField) : plainField;
  }

  Field dictionaryField(Field plainField) {
    return plainField.withDictionary(new DictionaryEncoding(dictionaryId, ArrowType.Int.INT32, false));
  }

  boolean encoded() {
    return encoded;
  }

  long dictionaryId() {
    return dictionaryId;
  }

  /** After a plain decision, the writer that writes the column from then on. */
  ColumnWriter plainWriter() {
    return plain;
  }

  /** The batch's column: indices of {@code field} (encoded) or the plain strings; both builders start over. */
  ArrayData build(Field field) {
    long rows = indices.length();
    ArrayData idx = indices.build();
    if (encoded) {
      if (plainBuilder.length() > 0 || plainBuilder.dataLength() > 0) {
        plainBuilder.build(); // the first batch's plain side, dropped
      }
      return idx.withField(field);
    }
    while (plainBuilder.length() < rows) {
      plainBuilder.appendNull();
    }
    return plainBuilder.build();
  }

  /** The complete dictionary, for the end of the file. */
  ArrayData dictionary(Field field) throws IOException {
    return spill == null ? dictionary.build(field.dictionaryValueField())
        : spill.values(field.dictionaryValueField());
  }

  /** The dictionary's size: its values in memory, or all of them once some are spilled. */
  private long size() {
    return spill == null ? dictionary.size() : spill.size();
  }

  /** Whether values were added since the last {@link #newValues}. */
  boolean hasNewValues() {
    return size() > handedOut;
  }

  /**
   * The values added since the last call (all of them at the first), for a stream, whose dictionary grows by delta
   * batches written before the record batch that first uses their values. At most what one batch added, so they
   * are compressed like the batch.
   */
  ArrayData newValues(Field field) throws IOException {
    long from = handedOut;
    long to = size();
    handedOut = to;
    if (spill == null) {
      return dictionary.build(field.dictionaryValueField(), (int) from);
    }
    return spill.values(field.dictionaryValueField()).slice(from, to - from);
  }

  /**
   * Every value so far, for a stream's replacement dictionary batch: the values {@link #newValues} would hand out
   * count as handed out.
   */
  ArrayData allValues(Field field) throws IOException {
    handedOut = size();
    return dictionary.build(field.dictionaryValueField(), 0);
  }

  /** Whether the dictionary outgrew memory (and is then best written uncompressed, see the class comment). */
  boolean spilled() {
    return spill != null;
  }

  /** Deletes the spilled part, if any, once the file is written or abandoned. */
  void release() {
    if (spill != null) {
      spill.close();
    }
  }

  @Override
  public void reportBounds(StatisticsDocument.Bounds bounds) {
    if (!stats) {
      return;
    }
    if (firstBatch || !encoded) {
      plain.reportBounds(bounds);
      return;
    }
    UTF8String lo = min < 0 ? spilledMin
        : spilledMin == null || Strings.binaryCompare(dictionary.get(min), spilledMin) <= 0
        ? dictionary.get(min) : spilledMin;
    UTF8String hi = max < 0 ? spilledMax
        : spilledMax == null || Strings.binaryCompare(dictionary.get(max), spilledMax) >= 0
        ? dictionary.get(max) : spilledMax;
    if (lo == null) {
      return;
    }
    bounds.strings(lo, hi);
  }

  @Override
  void resetMinMax() {
    plain.resetMinMax();
    if (decided) {
      firstBatch = false;
    }
    epoch++;
    min = -1;
    max = -1;
    spilledMin = null;
    spilledMax = null;
  }
}
