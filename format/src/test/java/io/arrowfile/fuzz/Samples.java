package io.arrowfile.fuzz;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.UnionMode;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small valid files and streams written by our own writers, for the types the golden files lack (binary and
 * string views, list views, run-end encoded, dense unions, 32/64-bit decimals, compressed bodies). They are
 * fuzzing seeds ({@link SeedCorpus}) and the raw material the corrupt-file catalogue edits.
 */
public final class Samples {
  private Samples() {}

  /** A named data set: schema and the rows of its one record batch. */
  public record Sample(String name, Schema schema, List<Object[]> rows, WriteOptions options) {
    public RecordBatch batch() {
      RecordBatchBuilder b = RecordBatchBuilder.create(schema);
      for (Object[] row : rows) {
        b.appendRow(row);
      }
      return b.build();
    }

    public byte[] file() {
      return Samples.file(schema, options, batch());
    }

    public byte[] stream() {
      return Samples.stream(schema, options, batch());
    }
  }

  static Object[] row(Object... values) {
    return values;
  }

  public static Sample views() {
    return new Sample("views", Schema.of(
        Field.nullable("bv", new ArrowType.BinaryView()),
        Field.nullable("sv", new ArrowType.Utf8View())),
        List.of(row(b("short"), "tiny"), row(null, "a string longer than twelve bytes"),
            row(b("a binary value longer than twelve"), null), row(new byte[0], "")), WriteOptions.DEFAULT);
  }

  public static Sample listViews() {
    return new Sample("list_views", Schema.of(
        Field.nullable("lv", new ArrowType.ListView(), Field.nullable("item", ArrowType.Int.INT32)),
        Field.nullable("llv", new ArrowType.LargeListView(), Field.nullable("item", new ArrowType.Utf8()))),
        List.of(row(List.of(1, 2), List.of("a")), row(null, Arrays.asList("b", null)),
            row(List.of(), null), row(Arrays.asList(3, null), List.of())), WriteOptions.DEFAULT);
  }

  public static Sample runEndEncoded() {
    return new Sample("run_end_encoded", Schema.of(
        Field.nullable("ree", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT32),
            Field.nullable("values", new ArrowType.Utf8()))),
        List.of(row("a"), row("a"), row((Object) null), row("b"), row("b"), row("a")), WriteOptions.DEFAULT);
  }

  public static Sample unions() {
    return new Sample("unions", Schema.of(
        Field.nullable("dense", new ArrowType.Union(UnionMode.DENSE, null),
            Field.nullable("i", ArrowType.Int.INT32), Field.nullable("s", new ArrowType.Utf8())),
        Field.nullable("sparse", new ArrowType.Union(UnionMode.SPARSE, new int[] {5, 7}),
            Field.nullable("i", ArrowType.Int.INT64), Field.nullable("s", new ArrowType.Utf8()))),
        List.of(row(new UnionValue((byte) 0, 1), new UnionValue((byte) 5, 1L)),
            row(new UnionValue((byte) 1, "x"), new UnionValue((byte) 7, "y")),
            row(new UnionValue((byte) 0, null), new UnionValue((byte) 7, null)),
            row(new UnionValue((byte) 1, "long string"), new UnionValue((byte) 5, 2L))), WriteOptions.DEFAULT);
  }

  public static Sample decimals() {
    return new Sample("decimals", Schema.of(
        Field.nullable("d32", new ArrowType.Decimal(9, 2, 32)),
        Field.nullable("d64", new ArrowType.Decimal(18, 3, 64))),
        List.of(row(new BigDecimal("1.23"), new BigDecimal("1.230")), row(null, new BigDecimal("-5.500")),
            row(new BigDecimal("-9999999.99"), null)), WriteOptions.DEFAULT);
  }

  /** Strings, a list and a dictionary-encoded column. */
  public static Sample basic() {
    return basic("basic", WriteOptions.DEFAULT);
  }

  public static Sample compressed(CompressionCodec codec) {
    return basic("compressed_" + codec.name().toLowerCase(java.util.Locale.ROOT),
        WriteOptions.DEFAULT.withCompression(codec));
  }

  private static Sample basic(String name, WriteOptions options) {
    Object[][] rows = new Object[64][];
    String[] colors = {"red", "green", "blue"};
    for (int i = 0; i < rows.length; i++) {
      rows[i] = row(i % 7 == 3 ? null : "value " + (i % 5), i % 9 == 4 ? null : List.of(i, i + 1),
          i % 11 == 5 ? null : (long) i * i, colors[i % 3]);
    }
    return new Sample(name, Schema.of(
        Field.nullable("s", new ArrowType.Utf8()),
        Field.nullable("l", new ArrowType.List(), Field.nullable("item", ArrowType.Int.INT32)),
        Field.nullable("i", ArrowType.Int.INT64),
        new Field("dict", true, new ArrowType.Utf8(), new DictionaryEncoding(7, ArrowType.Int.INT32, false),
            null, null)),
        List.of(rows), options);
  }

  /** Every sample, by name. */
  public static Map<String, Sample> all() {
    Map<String, Sample> m = new LinkedHashMap<>();
    for (Sample s : List.of(basic(), views(), listViews(), runEndEncoded(), unions(), decimals(),
        compressed(CompressionCodec.LZ4_FRAME), compressed(CompressionCodec.ZSTD))) {
      m.put(s.name(), s);
    }
    return m;
  }

  public static byte[] file(Schema schema, WriteOptions options, RecordBatch... batches) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ArrowFileWriter w = ArrowFileWriter.create(Channels.newChannel(out), schema, options)) {
      for (RecordBatch b : batches) {
        w.write(b);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  public static byte[] stream(Schema schema, WriteOptions options, RecordBatch... batches) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ArrowStreamWriter w = ArrowStreamWriter.create(out, schema, options)) {
      for (RecordBatch b : batches) {
        w.write(b);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
