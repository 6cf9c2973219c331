package io.arrowfile.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.ReadOptions;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every golden file of arrow-testing (file and stream format) reads through Spark, mapped and through
 * Hadoop reads, with as many rows as our own reader counts, every value materialized. Files with a type
 * Spark cannot hold (Decimal256 beyond 38 digits) must fail with an error naming the column.
 */
public class ArrowGoldenFilesSparkTest {
  static SparkSession spark;

  @BeforeAll
  static void setUp() {
    spark = Fixtures.spark();
  }

  @AfterAll
  static void tearDown() {
    spark.stop();
  }

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

  /** The column Spark cannot hold, or null. */
  static String unmappable(Schema schema) {
    for (Field f : schema.fields()) {
      try {
        ArrowToSpark.dataType(f, f.name());
      } catch (UnsupportedOperationException e) {
        return f.name();
      }
    }
    return null;
  }

  static boolean duplicateNames(Schema schema) {
    return schema.fields().stream().map(f -> f.name().toLowerCase(java.util.Locale.ROOT)).distinct().count()
        != schema.fields().size();
  }

  @TestFactory
  Stream<DynamicTest> goldenFilesReadThroughSpark() throws IOException {
    return goldenFiles().stream().map(p -> DynamicTest.dynamicTest(
        p.getParent().getFileName() + "/" + p.getFileName(), () -> {
          long expected = 0;
          Schema schema;
          try (BatchReader r = BatchReader.open(p, ReadOptions.DEFAULT)) {
            schema = r.schema();
            RecordBatch b;
            while ((b = r.next()) != null) {
              expected += b.length();
            }
          }
          String bad = unmappable(schema);
          for (boolean hadoop : new boolean[] {false, true}) {
            if (bad != null) {
              Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> read(p, hadoop));
              String msg = SparkTesting.messages(e);
              assertTrue(msg.contains("'" + bad + "'"), msg);
              continue;
            }
            if (duplicateNames(schema)) {
              // Spark refuses duplicate column names in a data source schema: a clear Spark error
              Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> read(p, hadoop));
              String msg = SparkTesting.messages(e);
              assertTrue(msg.contains("COLUMN_ALREADY_EXISTS") || msg.toLowerCase(java.util.Locale.ROOT).contains("duplicate"),
                  msg);
              continue;
            }
            assertEquals(expected, read(p, hadoop), p + (hadoop ? " (hadoop)" : " (mapped)"));
          }
          if (bad == null && !duplicateNames(schema) && !schema.fields().isEmpty()) {
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
          io.arrowfile.golden.IntegrationJson.Content expected = io.arrowfile.golden.IntegrationJson.read(json);
          Schema schema = expected.schema();
          Assumptions.assumeTrue(unmappable(schema) == null && !duplicateNames(schema),
              "not representable in Spark (checked by goldenFilesReadThroughSpark)");
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
          for (boolean hadoop : new boolean[] {false, true}) {
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
  static long read(Path p, boolean hadoop) {
    Dataset<Row> df = spark.read().format("arrowfile").option(ArrowFiles.FORCE_HADOOP_READ, hadoop)
        .load(p.toString());
    List<Row> rows = df.collectAsList();
    Dataset<Row> v1 = spark.sql("SELECT * FROM arrowfile.`" + p + "`");
    assertEquals(rows.size(), v1.collectAsList().size());
    return rows.size();
  }
}
