package io.arrowfile.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Durations Spark's DAY TO SECOND interval cannot hold (seconds beyond a long of microseconds) fail the scan with a
 * message naming the read option {@code arrowfile.durationAsLong}, which reads every Duration as BIGINT of its own
 * unit, exactly (nanoseconds too, which the interval truncates), at any depth, through V2 and V1.
 */
class DurationAsLongTest {
  static SparkSession spark;
  @TempDir
  static Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-duration-test")
      .into(s -> spark = s);

  private static final long HUGE_SECONDS = Long.MAX_VALUE / 10; // far beyond a long of microseconds

  static Path write() throws Exception {
    Schema schema = Schema.of(Field.nullable("sec", new ArrowType.Duration(TimeUnit.SECOND)),
        Field.nullable("ns", new ArrowType.Duration(TimeUnit.NANOSECOND)),
        Field.nullable("ms_list", new ArrowType.List(),
            Field.nullable("item", new ArrowType.Duration(TimeUnit.MILLISECOND))));
    Path p = dir.resolve("durations/a.arrow");
    Files.createDirectories(p.getParent());
    RecordBatchBuilder b = RecordBatchBuilder.create(schema);
    b.appendRow(1L, -1500L, List.of(2L, 3L));
    b.appendRow(HUGE_SECONDS, 7L, Arrays.asList(4L, null));
    b.appendRow(null, null, null);
    try (ArrowFileWriter w = ArrowFileWriter.create(p, schema, WriteOptions.DEFAULT)) {
      w.write(b.build());
    }
    return p;
  }

  @Test
  void outOfRangeDurationsNameTheOptionThatReadsThem() throws Exception {
    Path p = write();
    Dataset<Row> interval = spark.read().format("arrowfile").load(p.toString());
    assertTrue(interval.schema().apply("sec").dataType() instanceof DayTimeIntervalType);
    Exception e = assertThrows(Exception.class, () -> interval.select("sec").collectAsList());
    String message = messages(e);
    assertTrue(message.contains("arrowfile.durationAsLong=true"), message);
    assertTrue(message.contains("sec") && message.contains(p.getFileName().toString()), message);

    for (Dataset<Row> df : List.of(
        spark.read().format("arrowfile").option("arrowfile.durationAsLong", "true").load(p.toString()),
        spark.read().format("arrowfile").option("arrowfile.durationAsLong", "true").load(p.toString())
            .where("sec > 0"))) {
      assertEquals(DataTypes.LongType, df.schema().apply("sec").dataType());
      assertEquals(DataTypes.LongType, df.schema().apply("ns").dataType());
      assertEquals(DataTypes.createArrayType(DataTypes.LongType, true), df.schema().apply("ms_list").dataType());
    }
    Dataset<Row> df = spark.read().format("arrowfile").option("arrowfile.durationAsLong", "true").load(p.toString());
    List<Row> rows = df.collectAsList();
    assertEquals(1L, rows.get(0).getLong(0));
    assertEquals(-1500L, rows.get(0).getLong(1)); // nanoseconds, exactly (the interval truncates to -1 µs)
    assertEquals(List.of(2L, 3L), rows.get(0).getList(2));
    assertEquals(HUGE_SECONDS, rows.get(1).getLong(0));
    assertEquals(Arrays.asList(4L, null), rows.get(1).getList(2));
    assertTrue(rows.get(2).isNullAt(0) && rows.get(2).isNullAt(1) && rows.get(2).isNullAt(2));
    assertEquals(1L, df.where("sec > 1").count());
    df.createOrReplaceTempView("durations");
    assertEquals(HUGE_SECONDS, spark.sql("SELECT max(sec) FROM durations").first().getLong(0));
    // the same through the V1 file format
    spark.conf().set("spark.sql.sources.useV1SourceList", "arrowfile");
    try {
      Dataset<Row> v1 = spark.read().format("arrowfile").option("arrowfile.durationAsLong", "true").load(p.toString());
      assertEquals(DataTypes.LongType, v1.schema().apply("sec").dataType());
      assertEquals(HUGE_SECONDS, v1.where("sec > 1").first().getLong(0));
      assertEquals(-1500L, v1.first().getLong(1));
    } finally {
      spark.conf().unset("spark.sql.sources.useV1SourceList");
    }
  }

  private static String messages(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      sb.append(t.getMessage()).append('\n');
    }
    return sb.toString();
  }
}
