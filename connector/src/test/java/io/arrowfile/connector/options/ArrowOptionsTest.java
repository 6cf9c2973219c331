package io.arrowfile.connector.options;

import static io.arrowfile.testing.SparkTesting.messages;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.SparkTesting;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.internal.SQLConf;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Option checks: invalid values and misspelled names fail fast, listing what is valid; Spark's keys never trip. */
class ArrowOptionsTest {
  private static SparkSession spark;

  @TempDir static Path tmp;

  @BeforeAll
  static void start() {
    spark = SparkTesting.local("arrowfile-options-test");
    spark.range(5).write().format("arrowfile").save(tmp.resolve("data").toString());
  }

  @AfterAll
  static void stop() {
    // the session is shared with the other Spark tests of this JVM (getOrCreate); leave it running
  }

  private static IllegalArgumentException fails(Map<String, String> options) {
    return assertThrows(IllegalArgumentException.class, () -> ArrowOptions.check(options));
  }

  // ---- keys ------------------------------------------------------------------------------------------------

  @Test
  void misspelledKeyNamesTheOptionMeantAndListsOurs() {
    IllegalArgumentException e = fails(Map.of("compresion", "zstd"));
    assertEquals("unknown option 'compresion'; did you mean 'compression'? arrowfile's options are: compression, "
        + "compressionLevel, rowsPerBatch, maxBatchBytes, statistics, dictionary, checksum, sortWithinFiles, ipcFormat, "
        + "fileExtension, dictionaryDeltas, mergeSchema, "
        + "arrowfile.forceHadoopRead, arrowfile.mmap, arrowfile.aggregateOnDriver, arrowfile.runtimeFilterDataColumns, "
        + "arrowfile.durationAsLong", e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"compresion:compression", "COMPRESSSION:compression", "compressoin:compression",
      "compressionLvl:compressionLevel", "rowPerBatch:rowsPerBatch", "rowsperbatchs:rowsPerBatch",
      "maxBatchByte:maxBatchBytes", "statistic:statistics", "stats_istics:statistics", "dictionnary:dictionary",
      "mergeSchma:mergeSchema", "sortWithinFile:sortWithinFiles", "sortwithinfiels:sortWithinFiles", "merge_schema:mergeSchema", "arrowfile.forceHadoopReads:arrowfile.forceHadoopRead",
      "arrowfile.forcehadopread:arrowfile.forceHadoopRead", "ipcformt:ipcFormat", "fileExtention:fileExtension"})
  void typosWithinTwoEditsFail(String pair) {
    String key = pair.substring(0, pair.indexOf(':'));
    String meant = pair.substring(pair.indexOf(':') + 1);
    assertEquals(meant, ArrowOptions.typoOf(key), key);
    IllegalArgumentException e = fails(Map.of(key, "x"));
    assertTrue(e.getMessage().startsWith("unknown option '" + key + "'; did you mean '" + meant + "'?"),
        e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"path", "paths", "header", "pathGlobFilter", "recursiveFileLookup", "modifiedBefore",
      "modifiedAfter", "ignoreCorruptFiles", "ignoreMissingFiles", "basePath", "mergeSchema", "maxRecordsPerFile",
      "timeZone", "compression", "codec", "returning_batch", "__partition_columns", "partitionOverwriteMode",
      "checkpointLocation", "queryName", "PATH", "BasePath", "fs.defaultFS", "dfs.replication", "sep", "inferSchema"})
  void sparkKeysAndUnrelatedKeysNeverTrip(String key) {
    assertNull(ArrowOptions.typoOf(key), key);
    assertDoesNotThrow(() -> ArrowOptions.checkKeys(Map.of(key, "1")));
  }

  @Test
  void everySparkKeyIsExemptAndOurNamesInAnyCaseAreKnown() {
    for (String key : ArrowOptions.SPARK_KEYS) {
      assertNull(ArrowOptions.typoOf(key), key);
    }
    for (String name : ArrowOptions.NAMES) {
      assertNull(ArrowOptions.typoOf(name), name);
      assertNull(ArrowOptions.typoOf(name.toUpperCase(java.util.Locale.ROOT)), name);
    }
    assertNull(ArrowOptions.typoOf("somethingElseEntirely"));
  }

  @Test
  void editDistance() {
    assertEquals(0, ArrowOptions.distance("abc", "abc", 2));
    assertEquals(1, ArrowOptions.distance("abc", "acb", 2)); // adjacent swap counts once
    assertEquals(1, ArrowOptions.distance("abc", "abcd", 2));
    assertEquals(1, ArrowOptions.distance("kitten", "sitten", 2));
    assertEquals(3, ArrowOptions.distance("kitten", "sitting", 2)); // capped at limit + 1
    assertEquals(3, ArrowOptions.distance("a", "abcdef", 2));
  }

  // ---- values ----------------------------------------------------------------------------------------------

  @Test
  void readOptionValuesFailListingValidValues() {
    assertTrue(fails(Map.of("mergeSchema", "yes")).getMessage().contains("mergeSchema='yes'; valid values: true, false"));
    assertTrue(fails(Map.of("arrowfile.forceHadoopRead", "1")).getMessage()
        .contains("arrowfile.forceHadoopRead='1'; valid values: true, false"));
    assertTrue(ArrowOptions.bool(Map.of("MERGESCHEMA", " True "), "mergeSchema", false));
    assertFalse(ArrowOptions.bool(Map.of(), "mergeSchema", false));
    // the batch size, Spark's key as a read option: checked by the parser the read uses
    assertEquals("invalid arrowfile option spark.sql.parquet.columnarReaderBatchSize='0'; valid values: a whole "
        + "number of rows from 1 to 2147483647", fails(Map.of(ArrowReadOptions.BATCH_SIZE_KEY, "0")).getMessage());
    assertEquals(7, ArrowReadOptions.parse(Map.of(ArrowReadOptions.BATCH_SIZE_KEY, " 7"), SQLConf.get()).batchSize());
  }

  @Test
  void writeOptionValuesFailListingValidValues() {
    assertTrue(fails(Map.of("compression", "gzip")).getMessage().contains("valid values: none, uncompressed, lz4, zstd"));
    assertTrue(fails(Map.of("compression", "zstd", "compressionLevel", "0")).getMessage().contains("1 to 22"));
    assertTrue(fails(Map.of("compression", "zstd", "compressionLevel", "-131073")).getMessage()
        .contains("zstd's fast levels"));
    assertEquals(-5, ArrowWriteOptions.parse(Map.of("compression", "zstd", "compressionLevel", "-5")).zstdLevel());
    assertTrue(fails(Map.of("rowsPerBatch", "-1")).getMessage().contains("rowsPerBatch"));
    assertTrue(fails(Map.of("maxBatchBytes", "lots")).getMessage().contains("maxBatchBytes"));
    assertTrue(fails(Map.of("statistics", "on")).getMessage().contains("valid values: true, false"));
    assertTrue(fails(Map.of("dictionary", "yes")).getMessage().contains("valid values: never, auto, always"));
    assertTrue(fails(Map.of("sortWithinFiles", " , id")).getMessage().contains("(an empty name)"));
    assertTrue(fails(Map.of("sortWithinFiles", "`a")).getMessage().contains("(unclosed backtick)"));
    assertTrue(fails(Map.of("sortWithinFiles", "`a` b")).getMessage().contains("(text after a quoted name)"));
    assertTrue(fails(Map.of("sortWithinFiles", "a,a")).getMessage().contains("('a' twice)"));
    assertEquals(List.of("ts", "a,b", "x`y", "id"),
        ArrowWriteOptions.parse(Map.of("sortWithinFiles", " ts ,`a,b`, `x``y` ,id")).sortWithinFiles());
    assertDoesNotThrow(() -> ArrowOptions.check(Map.of("compression", "zstd", "compressionLevel", "9",
        "rowsPerBatch", "100", "maxBatchBytes", "8m", "statistics", "false", "dictionary", "never",
        "mergeSchema", "true", "arrowfile.forceHadoopRead", "false", "path", "/x", "header", "true")));
  }

  // ---- through Spark ---------------------------------------------------------------------------------------

  @Test
  void writeWithMisspelledOptionFailsBeforeWriting() {
    Path out = tmp.resolve("typo-write");
    Exception e = assertThrows(Exception.class, () -> spark.range(3).write().format("arrowfile")
        .option("compresion", "zstd").save(out.toString()));
    assertTrue(messages(e).contains("unknown option 'compresion'; did you mean 'compression'?"), messages(e));
    assertFalse(out.resolve("_SUCCESS").toFile().exists());
  }

  @Test
  void readWithMisspelledOrInvalidOptionFails() {
    String data = tmp.resolve("data").toString();
    Exception e = assertThrows(Exception.class,
        () -> spark.read().format("arrowfile").option("mergeSchma", "true").load(data).collect());
    assertTrue(messages(e).contains("did you mean 'mergeSchema'?"), messages(e));
    e = assertThrows(Exception.class,
        () -> spark.read().format("arrowfile").option("mergeSchema", "maybe").load(data).collect());
    assertTrue(messages(e).contains("valid values: true, false"), messages(e));
    e = assertThrows(Exception.class, () -> spark.read().format("arrowfile")
        .option("arrowfile.forceHadoopRead", "yes").load(data).collect());
    assertTrue(messages(e).contains("valid values: true, false"), messages(e));
  }

  @Test
  void catalogTableReadChecksOptionsToo() {
    String data = tmp.resolve("data").toString().replace("'", "\\'");
    spark.sql("DROP TABLE IF EXISTS arrowfile_options_typo");
    try {
      spark.sql("CREATE TABLE arrowfile_options_typo USING arrowfile OPTIONS (path '" + data
          + "', rowsPerBatchs '10')");
      Exception e = assertThrows(Exception.class, () -> spark.table("arrowfile_options_typo").collect());
      assertTrue(messages(e).contains("did you mean 'rowsPerBatch'?"), messages(e));
    } catch (Exception e) {
      // CREATE TABLE may already infer the schema and fail there: the same check, earlier
      assertTrue(messages(e).contains("did you mean 'rowsPerBatch'?"), messages(e));
    } finally {
      spark.sql("DROP TABLE IF EXISTS arrowfile_options_typo");
    }
  }

  @Test
  void sparkOptionsPassThrough() {
    String data = tmp.resolve("data").toString();
    assertEquals(5, spark.read().format("arrowfile").option("mergeSchema", "true")
        .option("pathGlobFilter", "*.arrow").option("recursiveFileLookup", "true")
        .option("ignoreCorruptFiles", "true").option("ignoreMissingFiles", "false")
        .option("arrowfile.forceHadoopRead", "true").option("modifiedAfter", "2000-01-01T00:00:00")
        .load(data).count());
    Path out = tmp.resolve("pass-write");
    spark.range(7).write().format("arrowfile").option("maxRecordsPerFile", "3").option("timeZone", "UTC")
        .option("compression", "lz4").option("header", "true").save(out.toString());
    assertEquals(7, spark.read().format("arrowfile").load(out.toString()).count());
  }
}
