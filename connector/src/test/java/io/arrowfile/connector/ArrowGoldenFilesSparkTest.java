package io.arrowfile.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.types.ArrowToSpark;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.BatchReaders;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.testing.LineCases;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every golden file of arrow-testing (file and stream format) reads through Spark, mapped (on the default line) and
 * through Hadoop reads, with as many rows as our own reader counts, every value materialized, and equals its JSON.
 * What Spark has no type for reads under the documented rules (docs/types.md, "Arrow to Spark"): Decimal256 beyond 38
 * digits as exact text, repeated field names made unique ({@code generated_duplicate_fieldnames}, and
 * {@code generated_union}, whose top-level names repeat), unions as structs. The one file Spark's TIME type
 * cannot read is {@code generated_datetime}, whose times include 24:00:00: it reads with TIME off (BIGINT
 * nanoseconds), and with TIME on fails naming the file, the column and the value. Likewise
 * {@code generated_interval}, whose durations of ±2^63 seconds no microseconds in a long can hold: its read fails
 * naming them.
 */
public class ArrowGoldenFilesSparkTest {
  static SparkSession spark;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(Fixtures::spark).into(s -> spark = s);

  /**
   * Whether each file is read through Hadoop's API (true) and mapped (false). Every line reads through Hadoop's
   * API, whose version differs by line; the mapped reads and the comparison of pruned reads are our own byte
   * sources, the same on every line: the default line runs them ({@link LineCases}).
   */
  private static final boolean[] BYTE_SOURCES = LineCases.ALL ? new boolean[] {false, true} : new boolean[] {true};

  static List<Path> goldenFiles() throws IOException {
    String dir = System.getProperty("arrowfile.testing.dir");
    Assumptions.assumeTrue(dir != null && Files.isDirectory(Path.of(dir)), "no arrow-testing dir");
    List<Path> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(Path.of(dir), 2)) {
      files.filter(p -> p.toString().endsWith(".arrow_file") || p.toString().endsWith(".stream"))
          .sorted().forEach(out::add);
    }
    return out;
  }

  /** Whether some column (at any depth) is an Arrow Time. */
  static boolean hasTime(Field f) {
    return f.type() instanceof io.arrowfile.columnar.type.ArrowType.Time
        || f.children().stream().anyMatch(ArrowGoldenFilesSparkTest::hasTime);
  }

  @TestFactory
  Stream<DynamicTest> goldenFilesReadThroughSpark() throws IOException {
    return goldenFiles().stream().map(p -> DynamicTest.dynamicTest(
        p.getParent().getFileName() + "/" + p.getFileName(), () -> {
          long expected = 0;
          Schema schema;
          try (BatchReader r = BatchReaders.open(p, ReadOptions.DEFAULT)) {
            schema = r.schema();
            RecordBatch b;
            while ((b = r.next()) != null) {
              expected += b.length();
            }
          }
          String[] beyond = beyondSpark(p);
          if (beyond != null) {
            for (boolean hadoop : BYTE_SOURCES) {
              ReadRulesTest.assertTimeError(() -> read(p, hadoop), p, beyond[0], beyond[1]);
            }
            return;
          }
          for (boolean hadoop : BYTE_SOURCES) {
            assertEquals(expected, read(p, hadoop), p + (hadoop ? " (hadoop)" : " (mapped)"));
          }
          if (LineCases.ALL && !schema.fields().isEmpty()) {
            // column-pruned Hadoop reads (only the wanted buffers fetched) agree with the mapped file
            assertEquals(everyOtherColumn(p, false), everyOtherColumn(p, true), p + " pruned");
          }
        }));
  }

  /**
   * The values Spark reads equal the case's JSON (the {@code .json.gz} oracle, {@code golden.IntegrationJson}),
   * converted per the Arrow-to-Spark mapping: the JSON's values are built into batches with our builders and
   * seen through the same column vectors ({@code ArrowVectors}), so this checks everything between the file's
   * bytes and Spark's rows (IPC decoding, dictionaries, splits, Hadoop reads, V1 and V2) against an oracle
   * that never read the file. Cases our builders cannot build from JSON are reported, not silently passed.
   */
  @TestFactory
  Stream<DynamicTest> goldenValuesEqualTheirJson() throws IOException {
    return goldenFiles().stream().filter(p -> p.toString().endsWith(".arrow_file")).map(p -> DynamicTest.dynamicTest(
        p.getParent().getFileName() + "/" + p.getFileName(), () -> {
          String base = p.getFileName().toString().replace(".arrow_file", "");
          Path json = p.resolveSibling(base + ".json.gz");
          Assumptions.assumeTrue(Files.exists(json), "no JSON for " + p);
          String[] beyond = beyondSpark(p);
          Assumptions.assumeTrue(beyond == null, "Spark cannot hold its " + (beyond == null ? "" : beyond[0])
              + " values (goldenFilesReadThroughSpark checks the error)");
          io.arrowfile.golden.IntegrationJson.Content expected = io.arrowfile.golden.IntegrationJson.read(json);
          Schema schema = expected.schema();
          org.apache.spark.sql.types.StructType sparkSchema = ArrowToSpark.schema(schema);
          List<String> want = new ArrayList<>();
          for (List<List<Object>> columns : expected.batches()) {
            io.arrowfile.columnar.builder.RecordBatchBuilder b =
                io.arrowfile.columnar.builder.RecordBatchBuilder.create(schema);
            int rows = columns.isEmpty() ? 0 : columns.get(0).size();
            try {
              for (int r = 0; r < rows; r++) {
                Object[] row = new Object[columns.size()];
                for (int c = 0; c < row.length; c++) {
                  row[c] = columns.get(c).get(r);
                }
                b.appendRow(row);
              }
            } catch (RuntimeException e) {
              // e.g. generated_decimal: the JSON holds values beyond the declared precision
              Assumptions.abort("the JSON values cannot be built: " + e.getMessage());
            }
            RecordBatch batch = b.build();
            org.apache.spark.sql.vectorized.ColumnVector[] vectors =
                new org.apache.spark.sql.vectorized.ColumnVector[schema.fields().size()];
            for (int c = 0; c < vectors.length; c++) {
              vectors[c] = io.arrowfile.connector.vector.ArrowVectors.create(batch.column(c),
                  sparkSchema.fields()[c].dataType());
            }
            org.apache.spark.sql.vectorized.ColumnarBatch cb =
                new org.apache.spark.sql.vectorized.ColumnarBatch(vectors, rows);
            java.util.Iterator<org.apache.spark.sql.catalyst.InternalRow> it = cb.rowIterator();
            while (it.hasNext()) {
              want.add(render(it.next(), sparkSchema));
            }
          }
          for (boolean hadoop : BYTE_SOURCES) {
            Dataset<Row> df = spark.read().format("arrowfile").option(ArrowFiles.FORCE_HADOOP_READ, hadoop)
                .load(p.toString());
            // file sources make every column nullable
            assertEquals(sparkSchema.asNullable().json(), df.schema().asNullable().json(), p + " schema");
            assertEquals(want, strings(df, sparkSchema), p + (hadoop ? " (hadoop)" : " (mapped)"));
          }
          assertEquals(want, strings(spark.sql("SELECT * FROM arrowfile.`" + p + "`"), sparkSchema), p + " (V1)");
          Path stream = p.resolveSibling(base + ".stream");
          if (Files.exists(stream)) {
            assertEquals(want, strings(spark.read().format("arrowfile").load(stream.toString()), sparkSchema),
                stream.toString());
          }
        }));
  }

  /**
   * {@code generated_decimal256} equals its JSON, checked against the JSON's numbers directly (its JSON holds values
   * wider than their declared precision, which our builders refuse, so the generic comparison cannot build it):
   * columns beyond 38 digits read as the exact value in plain notation, every digit kept, whatever the declared
   * precision; those of 37 and 38 digits as decimals, a value wider than the column becoming null (as Spark does).
   */
  @TestFactory
  Stream<DynamicTest> decimal256EqualsItsJson() throws IOException {
    return goldenFiles().stream().filter(p -> p.getFileName().toString().equals("generated_decimal256.arrow_file"))
        .map(p -> DynamicTest.dynamicTest(p.getParent().getFileName() + "/" + p.getFileName(), () -> {
          io.arrowfile.golden.IntegrationJson.Content expected =
              io.arrowfile.golden.IntegrationJson.read(p.resolveSibling("generated_decimal256.json.gz"));
          Schema schema = expected.schema();
          List<List<Object>> want = new ArrayList<>();
          for (List<List<Object>> columns : expected.batches()) {
            int rows = columns.isEmpty() ? 0 : columns.get(0).size();
            for (int r = 0; r < rows; r++) {
              List<Object> row = new ArrayList<>();
              for (int c = 0; c < columns.size(); c++) {
                java.math.BigDecimal v = (java.math.BigDecimal) columns.get(c).get(r);
                int precision = ((io.arrowfile.columnar.type.ArrowType.Decimal) schema.field(c).type()).precision();
                if (v == null) {
                  row.add(null);
                } else if (precision > 38) {
                  row.add(v.toPlainString());
                } else {
                  row.add(v.precision() > precision ? null : v);
                }
              }
              want.add(row);
            }
          }
          int wide = 0;
          for (Field f : schema.fields()) {
            wide += ((io.arrowfile.columnar.type.ArrowType.Decimal) f.type()).precision() > 38 ? 1 : 0;
          }
          assertTrue(wide >= 30, "columns beyond 38 digits: " + wide);
          for (boolean hadoop : BYTE_SOURCES) {
            Dataset<Row> df = spark.read().format("arrowfile").option(ArrowFiles.FORCE_HADOOP_READ, hadoop)
                .load(p.toString());
            List<List<Object>> got = new ArrayList<>();
            for (Row r : df.collectAsList()) {
              List<Object> row = new ArrayList<>();
              for (int c = 0; c < r.length(); c++) {
                row.add(r.get(c));
              }
              got.add(row);
            }
            assertEquals(want, got, p + (hadoop ? " (hadoop)" : " (mapped)"));
          }
        }));
  }

  /**
   * With Spark's TIME type on, a golden file with a time beyond the day (Arrow C++ writes 24:00:00 in
   * {@code generated_datetime}) fails as the batch is loaded, naming the file, the column and the value, instead
   * of Spark's EXPRESSION_DECODING_FAILED when a row is decoded; the other files with times read.
   */
  @TestFactory
  Stream<DynamicTest> goldenTimesWithSparkTimeType() throws IOException {
    Assumptions.assumeTrue(ArrowToSpark.sparkHasTimeType(), "Spark before 4.1 has no TIME type");
    return goldenFiles().stream().filter(p -> p.toString().endsWith(".arrow_file")).map(p -> DynamicTest.dynamicTest(
        p.getParent().getFileName() + "/" + p.getFileName(), () -> {
          Schema schema;
          try (BatchReader r = BatchReaders.open(p, ReadOptions.DEFAULT)) {
            schema = r.schema();
          }
          Assumptions.assumeTrue(schema.fields().stream().anyMatch(ArrowGoldenFilesSparkTest::hasTime), "no times");
          spark.conf().set("spark.sql.timeType.enabled", "true");
          try {
            for (boolean hadoop : BYTE_SOURCES) {
              if (!p.getFileName().toString().startsWith("generated_datetime")) {
                read(p, hadoop);
                continue;
              }
              Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> read(p, hadoop));
              String msg = SparkTesting.messages(e);
              assertTrue(msg.contains(io.arrowfile.columnar.ArrowFormatException.class.getName()), msg);
              assertTrue(msg.contains(p.getFileName().toString()), msg);
              assertTrue(msg.matches("(?s).*field 'f[2-5]'.*"), msg);
              assertTrue(msg.matches("(?s).*time value 864000*.*"), msg);
              assertTrue(!msg.contains("EXPRESSION_DECODING_FAILED"), msg);
            }
          } finally {
            spark.conf().unset("spark.sql.timeType.enabled");
          }
        }));
  }

  /**
   * The rows of {@code df} in Spark's internal form (so types {@code Row} cannot hold, such as intervals, compare
   * too), rendered by {@link #render}.
   */
  static List<String> strings(Dataset<Row> df, org.apache.spark.sql.types.StructType schema) {
    List<String> out = new ArrayList<>();
    for (org.apache.spark.sql.catalyst.InternalRow r : df.queryExecution().executedPlan().executeCollect()) {
      out.add(render(r, schema));
    }
    return out;
  }

  public static String render(org.apache.spark.sql.catalyst.InternalRow row, org.apache.spark.sql.types.StructType t) {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < t.fields().length; i++) {
      sb.append(i == 0 ? "" : ", ").append(render(row, i, t.fields()[i].dataType()));
    }
    return sb.append('}').toString();
  }

  static String render(org.apache.spark.sql.catalyst.expressions.SpecializedGetters g, int i,
      org.apache.spark.sql.types.DataType t) {
    if (g.isNullAt(i)) {
      return "null";
    }
    if (t instanceof org.apache.spark.sql.types.StructType st) {
      return render(g.getStruct(i, st.fields().length), st);
    }
    if (t instanceof org.apache.spark.sql.types.ArrayType at) {
      return render(g.getArray(i), at.elementType());
    }
    if (t instanceof org.apache.spark.sql.types.MapType mt) {
      org.apache.spark.sql.catalyst.util.MapData m = g.getMap(i);
      return render(m.keyArray(), mt.keyType()) + "->" + render(m.valueArray(), mt.valueType());
    }
    if (t instanceof org.apache.spark.sql.types.BinaryType) {
      return java.util.Arrays.toString(g.getBinary(i));
    }
    if (t instanceof org.apache.spark.sql.types.CalendarIntervalType) {
      return String.valueOf(g.getInterval(i)); // ColumnarBatchRow.get does not take intervals
    }
    return String.valueOf(g.get(i, t));
  }

  static String render(org.apache.spark.sql.catalyst.util.ArrayData a, org.apache.spark.sql.types.DataType t) {
    StringBuilder sb = new StringBuilder("[");
    for (int k = 0; k < a.numElements(); k++) {
      sb.append(k == 0 ? "" : ", ").append(render(a, k, t));
    }
    return sb.append(']').toString();
  }

  /** Columns 1, 3, 5... (or column 0 alone) of every row, as strings. */
  static List<String> everyOtherColumn(Path p, boolean hadoop) {
    Dataset<Row> df = spark.read().format("arrowfile").option(ArrowFiles.FORCE_HADOOP_READ, hadoop)
        .load(p.toString());
    String[] names = df.columns();
    List<String> exprs = new ArrayList<>();
    for (int i = names.length == 1 ? 0 : 1; i < names.length; i += 2) {
      exprs.add("cast(`" + names[i].replace("`", "``") + "` as string)");
    }
    List<String> out = new ArrayList<>();
    for (Row r : df.selectExpr(exprs.toArray(new String[0])).collectAsList()) {
      out.add(r.toString());
    }
    return out;
  }

  /** Rows read, with every value materialized (collect converts each one). */
  /**
   * The column and the value of golden file {@code p} that Spark's types cannot hold and that fail its read as
   * the batch loads ({@code generated_interval}: durations of ±2^63 seconds), or null.
   */
  static String[] beyondSpark(Path p) throws IOException {
    try (BatchReader r = BatchReaders.open(p, ReadOptions.DEFAULT)) {
      org.apache.spark.sql.types.StructType sparkSchema = ArrowToSpark.schema(r.schema());
      RecordBatch b;
      while ((b = r.next()) != null) {
        for (int c = 0; c < b.columns().size(); c++) {
          try {
            io.arrowfile.connector.vector.ArrowVectors.create(b.column(c), sparkSchema.fields()[c].dataType());
          } catch (io.arrowfile.columnar.ArrowFormatException e) {
            if (e.getMessage().contains("is beyond what Spark's")) {
              String m = e.getMessage();
              return new String[] {sparkSchema.fields()[c].name(), m.substring(0, m.indexOf(" is beyond"))};
            }
            throw e;
          }
        }
      }
    }
    return null;
  }

  static long read(Path p, boolean hadoop) {
    Dataset<Row> df = spark.read().format("arrowfile").option(ArrowFiles.FORCE_HADOOP_READ, hadoop)
        .load(p.toString());
    List<Row> rows = df.collectAsList();
    Dataset<Row> v1 = spark.sql("SELECT * FROM arrowfile.`" + p + "`");
    assertEquals(rows.size(), v1.collectAsList().size());
    return rows.size();
  }
}
