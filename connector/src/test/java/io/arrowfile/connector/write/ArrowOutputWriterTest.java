package io.arrowfile.connector.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.connector.options.ArrowWriteOptions;
import io.arrowfile.connector.statistics.StatisticsJson;
import io.arrowfile.connector.types.SparkToArrow;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ReadOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.CalendarInterval;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The output writer and options without a Spark session: generic (non-unsafe) rows, types Spark won't route. */
class ArrowOutputWriterTest {
  @TempDir
  Path tmp;

  @Test
  void calendarIntervalsAndGenericRowsAreWritten() throws Exception {
    StructType schema = new StructType(new StructField[] {
        new StructField("cal", DataTypes.CalendarIntervalType, true, Metadata.empty()),
        new StructField("s", DataTypes.StringType, true,
            new MetadataBuilder().putString("comment", "hi").build()),
    });
    Path file = tmp.resolve("x.arrow");
    ArrowOutputWriter w = ArrowOutputWriter.create(file.toUri().toString(), schema, new Configuration(),
        ArrowWriteOptions.parse(Map.of("rowsPerBatch", "2")), "UTC");
    w.write(new GenericInternalRow(new Object[] {new CalendarInterval(1, 2, 3), UTF8String.fromString("a")}));
    w.write(new GenericInternalRow(new Object[] {null, null}));
    w.write(new GenericInternalRow(new Object[] {new CalendarInterval(-1, 0, -5), UTF8String.fromString("b")}));
    assertEquals(1, w.batchCount());
    w.close();
    w.close(); // idempotent
    try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      assertEquals(new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO), r.schema().field(0).type());
      assertEquals("{\"comment\":\"hi\"}", r.schema().field(1).metadata().get(SparkToArrow.SPARK_METADATA_KEY));
      assertEquals(2, r.recordBatchCount());
      RecordBatch b0 = r.recordBatch(0);
      assertEquals(new IntervalMonthDayNano(1, 2, 3000), ArrowArray.of(b0.column(0)).getObject(0));
      assertNull(ArrowArray.of(b0.column(0)).getObject(1));
      RecordBatch b1 = r.recordBatch(1);
      assertEquals(new IntervalMonthDayNano(-1, 0, -5000), ArrowArray.of(b1.column(0)).getObject(0));
      assertEquals("b", ArrowArray.of(b1.column(1)).getObject(0));
      Map<String, Object> stats = Json.parseObject(r.customMetadata().get(ArrowOutputWriter.STATISTICS_KEY));
      List<?> batches = (List<?>) stats.get("batches");
      assertEquals(List.of(Map.of("nullCount", 1L), Map.of("nullCount", 1L, "min", "a", "max", "a")),
          ((Map<?, ?>) batches.get(0)).get("columns"));
    }
  }

  @Test
  void intervalOverflowNamesTheColumn() throws Exception {
    StructType schema = new StructType().add("cal", DataTypes.CalendarIntervalType);
    ArrowOutputWriter w = ArrowOutputWriter.create(tmp.resolve("o.arrow").toUri().toString(), schema,
        new Configuration(), ArrowWriteOptions.DEFAULT, "UTC");
    ArithmeticException e = assertThrows(ArithmeticException.class,
        () -> w.write(new GenericInternalRow(new Object[] {new CalendarInterval(0, 0, Long.MAX_VALUE / 10)})));
    assertTrue(e.getMessage().contains("'cal'"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> w.write(new GenericInternalRow(new Object[] {null})));
    w.close(); // still closes the file
  }

  @Test
  void optionsParseCaseInsensitivelyAndFailListingValidValues() {
    ArrowWriteOptions o = ArrowWriteOptions.parse(Map.of("COMPRESSION", "ZSTD", "compressionlevel", "7",
        "RowsPerBatch", "10", "maxbatchbytes", "2m", "statistics", "false", "dictionary", "never", "path", "x"));
    assertEquals(io.arrowfile.ipc.metadata.CompressionCodec.ZSTD, o.compression());
    assertEquals(7, o.zstdLevel());
    assertEquals(10, o.rowsPerBatch());
    assertEquals(2L << 20, o.maxBatchBytes());
    assertEquals(false, o.statistics());
    assertEquals(ArrowWriteOptions.DEFAULT.rowsPerBatch(), ArrowWriteOptions.parse(Map.of()).rowsPerBatch());
    assertEquals(io.arrowfile.ipc.metadata.CompressionCodec.LZ4_FRAME,
        ArrowWriteOptions.parse(Map.of("compression", "lz4")).compression());
    assertNull(ArrowWriteOptions.parse(Map.of("compression", "Uncompressed")).compression());
    assertMessage("valid values: none, uncompressed, lz4, zstd", Map.of("compression", "gzip"));
    assertMessage("needs compression=zstd", Map.of("compression", "lz4", "compressionLevel", "3"));
    assertMessage("1 to 22", Map.of("compression", "zstd", "compressionLevel", "23"));
    assertMessage("valid values: true, false", Map.of("statistics", "yes"));
    assertMessage("valid values: never, auto, always", Map.of("dictionary", "sometimes"));
    assertMessage("maxBatchBytes", Map.of("maxBatchBytes", "2g"));
    assertMessage("maxBatchBytes", Map.of("maxBatchBytes", "12"));
    assertMessage("rowsPerBatch", Map.of("rowsPerBatch", "many"));
    assertEquals(1L << 30, ArrowWriteOptions.parseBytes("1 GB"));
    assertEquals(4096, ArrowWriteOptions.parseBytes("4096"));
  }

  private static void assertMessage(String expected, Map<String, String> options) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ArrowWriteOptions.parse(options));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  @Test
  void stringTruncationHelpers() {
    assertEquals("abc", StatisticsJson.truncatePrefix("abc", 64));
    assertEquals("ab", StatisticsJson.truncatePrefix("abé", 3));
    assertEquals("😀", StatisticsJson.truncatePrefix("😀😀", 5));
    assertEquals("abd", StatisticsJson.increment("abc"));
    assertEquals("b", StatisticsJson.increment("a" + new String(Character.toChars(0x10FFFF))));
    assertEquals("\uE000", StatisticsJson.increment("\uD7FF"));
    assertNull(StatisticsJson.increment(new String(Character.toChars(0x10FFFF))));
    StringBuilder sb = new StringBuilder();
    StatisticsJson.quote(sb, "a\"\\\n\u0001é");
    assertEquals("\"a\\\"\\\\\\n\\u0001é\"", sb.toString());
  }

  @Test
  void unsupportedTypesAreReportedWithTheColumn() {
    assertTrue(ArrowWriteSupport.supportDataType(DataTypes.CalendarIntervalType));
    assertTrue(ArrowWriteSupport.supportDataType(DataTypes.createArrayType(DataTypes.NullType)));
    assertEquals("+05:30", SparkToArrow.arrowTimeZone("+05:30"));
    assertEquals("UTC", SparkToArrow.arrowTimeZone("Z"));
    assertEquals("America/Los_Angeles", SparkToArrow.arrowTimeZone("America/Los_Angeles"));
  }
}
