package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.type.Field;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.types.ArrowToSpark;
import io.arrowfile.testing.ArrowJavaWriter.Compression;
import io.arrowfile.testing.ArrowJavaWriter;
import io.arrowfile.testing.Dataset;
import io.arrowfile.testing.RandomData;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files and streams written by Arrow's Java library (uncompressed, LZ4_FRAME and ZSTD bodies), one random dataset
 * per {@link RandomData.Kind#ARROW_JAVA} kind, read through {@code spark.read.format("arrowfile")} equal their
 * dataset converted per the Arrow-to-Spark mapping (the rules of {@code ArrowGoldenFilesSparkTest}). Columns whose
 * type {@link ArrowToSpark} documents as unsupported (Decimal256 beyond 38 digits) fail at analysis time with a
 * message naming the column, and the file's other columns still read.
 */
class ArrowJavaFilesThroughSparkTest {
  static SparkSession spark;
  @TempDir
  static Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-arrow-java-test",
      "spark.sql.datetime.java8API.enabled", "true").into(s -> spark = s);

  /** Whether {@code f} is a decimal Spark's DecimalType cannot hold (it reads as its text). */
  static boolean wideDecimal(Field f) {
    return f.type() instanceof io.arrowfile.columnar.type.ArrowType.Decimal d && !ArrowToSpark.sparkDecimal(d);
  }

  @TestFactory
  Stream<DynamicTest> arrowJavaFilesReadThroughSpark() {
    return RandomData.Kind.ARROW_JAVA.stream().map(kind -> DynamicTest.dynamicTest(kind.name(), () -> {
      Dataset data = null;
      for (long s = 0; s < 50; s++) {
        data = new RandomData(1000 + kind.ordinal() + 1000 * s, EnumSet.of(kind)).dataset(4, 2, 40);
        if (kind != RandomData.Kind.DECIMAL || hasWideDecimal(data)) {
          break; // for DECIMAL, a seed with a Decimal256 beyond 38 digits, so that reading it as text is checked too
        }
      }
      if (kind == RandomData.Kind.DECIMAL) {
        assertTrue(hasWideDecimal(data), "no seed gave a decimal wider than Spark's");
      }
      Path kindDir = Files.createDirectories(dir.resolve(kind.name()));

      StructType sparkSchema = ArrowToSpark.schema(data.schema());
      for (int c = 0; c < sparkSchema.fields().length; c++) {
        if (wideDecimal(data.schema().field(c))) {
          assertEquals(org.apache.spark.sql.types.DataTypes.StringType, sparkSchema.fields()[c].dataType());
        }
      }
      // Random seconds or milliseconds beyond the microseconds Spark holds in a long read as an error naming the
      // value (they would wrap around into other values): then that error is what every variant must give.
      List<String> want;
      String beyondSpark = null;
      try {
        want = SparkRowStrings.expected(data.schema(), data.batches(), sparkSchema);
      } catch (io.arrowfile.columnar.ArrowFormatException e) {
        assertTrue(e.getMessage().contains("is beyond what Spark's"), e.getMessage());
        want = null;
        beyondSpark = e.getMessage();
      }
      int checked = 0;
      for (Compression compression : Compression.values()) {
        for (boolean stream : new boolean[] {false, true}) {
          Path p = kindDir.resolve(compression + (stream ? ".arrows" : ".arrow"));
          try {
            if (stream) {
              ArrowJavaWriter.writeStream(p, data, compression);
            } else {
              ArrowJavaWriter.writeFile(p, data, compression);
            }
          } catch (Exception e) {
            // Arrow Java 19's LZ4/ZSTD codecs fail on some buffers (see ArrowJavaWriter): not our reader's case
            assertTrue(compression != Compression.NONE, "uncompressed write failed: " + e);
            System.out.println(kind + ": Arrow Java could not write " + p.getFileName() + ": " + e);
            continue;
          }
          String context = kind + " " + p.getFileName() + " " + data.schema();
          for (boolean hadoop : new boolean[] {false, true}) {
            org.apache.spark.sql.Dataset<Row> df = spark.read().format("arrowfile")
                .option(ArrowFiles.FORCE_HADOOP_READ, hadoop).load(p.toString());
            assertEquals(sparkSchema.fields().length, df.schema().fields().length, context);
            if (beyondSpark != null) {
              Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, df::collectAsList, context);
              assertTrue(io.arrowfile.testing.SparkTesting.messages(e).contains("is beyond what Spark's"),
                  context + ": " + io.arrowfile.testing.SparkTesting.messages(e));
              continue;
            }
            assertEquals(want, SparkRowStrings.actual(df, sparkSchema), context + (hadoop ? " (hadoop)" : ""));
          }
          if (compression == Compression.NONE && beyondSpark == null) {
            // small columnar batches: record batches sliced (ArrowBatchIterator) read the same values, V1 too
            org.apache.spark.sql.Dataset<Row> sliced = spark.read().format("arrowfile")
                .option(io.arrowfile.connector.options.ArrowReadOptions.BATCH_SIZE_KEY, 7).load(p.toString());
            assertEquals(want, SparkRowStrings.actual(sliced, sparkSchema), context + " (sliced)");
            assertEquals(want, SparkRowStrings.actual(spark.sql("SELECT * FROM arrowfile.`" + p + "`"),
                sparkSchema), context + " (V1)");
          }
          checked++;
        }
      }
      assertTrue(checked >= 2, kind + ": only " + checked + " variants written");
    }));
  }

  static boolean hasWideDecimal(Dataset data) {
    return data.schema().fields().stream().anyMatch(ArrowJavaFilesThroughSparkTest::wideDecimal);
  }
}
