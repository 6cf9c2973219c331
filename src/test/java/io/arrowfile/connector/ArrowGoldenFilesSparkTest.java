package io.arrowfile.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.ReadOptions;
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
class ArrowGoldenFilesSparkTest {
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
              String msg = ArrowDataSourceTest.messages(e);
              assertTrue(msg.contains("'" + bad + "'"), msg);
              continue;
            }
            if (duplicateNames(schema)) {
              // Spark refuses duplicate column names in a data source schema: a clear Spark error
              Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> read(p, hadoop));
              String msg = ArrowDataSourceTest.messages(e);
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
