package io.arrowfile.connector.write;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.builder.ArrayBuilder;
import io.arrowfile.columnar.builder.IntBuilder;
import io.arrowfile.columnar.builder.VariableBinaryBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A top-level string column written with {@code dictionary=auto} or {@code always}: values become int32
 * indices into one dictionary per column and file ({@link StringDictionary}, append-only), written once, complete,
 * when the file is closed (see {@link io.arrowfile.ipc.ArrowFileWriter#writeDeferred}).
 *
 * <p>During the file's first batch the column is written both ways, plain (through a {@link StringWriter}, which
 * also keeps the statistics) and as indices. At the first flush {@link #decide} picks one for the whole file:
 * {@code always} picks the dictionary; {@code auto} picks it when the batch has at most
 * {@link #AUTO_MAX_DISTINCT_RATIO} distinct values per non-null value. A plain column is then written by the
 * {@link StringWriter} alone ({@link #plainWriter()}). When the dictionary would pass its bound during the first
 * batch, {@code auto} picks plain; after the first batch (or with {@code always}) the write fails, naming the
 * column, the bound and the remedies: a file's schema declares the column dictionary-encoded for all its batches,
 * the file format allows one dictionary per column (no replacement), and a dictionary kept whole in memory until
 * the end of the file must be bounded.
 */
final class DictionaryStringWriter extends ColumnWriter {
  /** {@code auto} encodes a column whose first batch has at most this many distinct values per non-null value. */
  static final double AUTO_MAX_DISTINCT_RATIO = 0.25;
  /** The most distinct values a file's dictionary may hold (its hash table then takes 16 MiB). */
  static final int MAX_ENTRIES = 1 << 20;

  private final String name;
  private final boolean always;
  private final long maxBytes;
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

  DictionaryStringWriter(VariableBinaryBuilder plainBuilder, Budget budget, boolean stats, String name,
      boolean always, long maxBytes, long dictionaryId) {
    super(ArrayBuilder.create(Field.nullable(name, ArrowType.Int.INT32)), budget, stats);
    this.indices = (IntBuilder) builder;
    this.plainBuilder = plainBuilder;
    this.plain = new StringWriter(plainBuilder, budget, stats);
    this.name = name;
    this.always = always;
    this.maxBytes = maxBytes;
    this.dictionary = new StringDictionary(MAX_ENTRIES, maxBytes);
    this.dictionaryId = dictionaryId;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    UTF8String v = src.getUTF8String(ordinal);
    if (decided) {
      int index = dictionary.add(v);
      if (index < 0) {
        throw full(v);
      }
      indices.appendInt(index);
      budget.bytes += 4;
      if (stats) {
        track(index);
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
          throw full(v);
        }
        overflowed = true;
      } else {
        indices.appendInt(index);
        return;
      }
    }
    indices.appendInt(0); // keeps the row count; the encoded side is dropped at the decision
  }

  private IllegalStateException full(UTF8String v) {
    return new IllegalStateException("arrowfile: string column '" + name + "' is dictionary-encoded in this file ("
        + (always ? "dictionary=always" : "dictionary=auto chose it from the file's first batch") + "), but its "
        + "dictionary is full at " + dictionary.size() + " distinct values, " + dictionary.bytes() + " bytes: a "
        + "file's dictionary is kept in memory until the file ends, so it is bounded by " + MAX_ENTRIES
        + " values and maxBatchBytes (" + maxBytes + " bytes), and a file cannot switch a column to plain or "
        + "replace its dictionary. Write this data with dictionary=never, or with fewer rows per file "
        + "(maxRecordsPerFile)" + (dictionary.bytes() + v.numBytes() > maxBytes ? ", or a larger maxBatchBytes" : ""));
  }

  private void track(int index) {
    if (index >= seen.length) {
      seen = java.util.Arrays.copyOf(seen, Math.max(index + 1, seen.length * 2));
    }
    if (seen[index] != epoch) {
      seen[index] = epoch;
      if (min < 0 || dictionary.get(index).binaryCompare(dictionary.get(min)) < 0) {
        min = index;
      }
      if (max < 0 || dictionary.get(index).binaryCompare(dictionary.get(max)) > 0) {
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
  ArrayData dictionary(Field field) {
    return dictionary.build(field.dictionaryValueField());
  }

  int dictionarySize() {
    return dictionary.size();
  }

  @Override
  void minMaxJson(StringBuilder sb) {
    if (!stats) {
      return;
    }
    if (firstBatch || !encoded) {
      plain.minMaxJson(sb);
      return;
    }
    if (min < 0) {
      return;
    }
    // the same rendering as StringWriter's: copy the two values into a StringWriter-shaped helper
    StringWriter.minMaxJson(sb, dictionary.get(min), dictionary.get(max));
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
  }
}
