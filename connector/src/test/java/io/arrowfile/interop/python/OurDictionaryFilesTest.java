package io.arrowfile.interop.python;

import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import io.arrowfile.connector.write.DictionaryWriteTest;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.LineCases;
import io.arrowfile.testing.PythonPeers;
import io.arrowfile.testing.SparkSessionExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files the Spark writer makes with {@code dictionary=auto} and {@code always} (one dictionary batch per encoded
 * column, after the record batches), opened by pyarrow ({@code validate(full=True)}, the schema: which columns
 * are encoded, equal values, {@code pyarrow.feather}; also dictionaries that outgrew memory) and Polars ({@code read_ipc}, memory-mapped
 * {@code read_ipc}, {@code scan_ipc}: equal values). Expectations are the rows Spark was given.
 */
class OurDictionaryFilesTest {
  private static SparkSession spark;
  @TempDir static Path dir;

  static final String DICT = "dictionary<values=string, indices=int32, ordered=0>";

  /**
   * name, Spark type, pyarrow type with auto (judged on the first batch: 3000 rows), with always, with auto and
   * rowsPerBatch=100 (the first 100 rows hold 100 distinct values of mid).
   */
  private static final String[][] COLUMNS = {
      {"id", "bigint", "int64", "int64", "int64"},
      {"low", "string", DICT, DICT, DICT},
      {"mid", "string", DICT, DICT, "string"},
      {"high", "string", "string", DICT, "string"},
      {"allnull", "string", "string", DICT, "string"},
      {"arrs", "array<string>", "list<item: string>", "list<item: string>", "list<item: string>"},
      {"bin", "binary", "binary", "binary", "binary"},
      {"part", "int", "int32", "int32", "int32"},
  };

  /** Option sets: name, then key, value pairs. */
  private static final String[][] OPTIONS = {
      {"auto", "dictionary", "auto"},
      {"auto-zstd", "dictionary", "auto", "compression", "zstd"},
      {"always", "dictionary", "always"},
      {"always-rows7", "dictionary", "always", "rowsPerBatch", "7"},
      {"always-lz4-maxBatchBytes64k", "dictionary", "always", "compression", "lz4", "maxBatchBytes", "64k"},
      // dictionaries past 1 KiB spill to local disk: the file's high and mid dictionaries hold repeats and are
      // written uncompressed beside zstd record batches
      {"always-zstd-maxBatchBytes1k", "dictionary", "always", "compression", "zstd", "maxBatchBytes", "1k"},
      {"auto-rows100-zstd", "dictionary", "auto", "rowsPerBatch", "100", "compression", "zstd"},
  };

  /** Each dictionary mode and codec; batch sizes and spills are our writer's alone, run on the default line. */
  private static final Set<String> ON_EVERY_LINE = Set.of("auto", "auto-zstd", "always", "always-lz4-maxBatchBytes64k");

  /** DictionaryWriteTest's data without its struct column. */
  static final String DATA = "SELECT " + String.join(",\n", DictionaryWriteTest.COLUMNS.stream()
      .filter(c -> !c.endsWith(" AS st")).toList()) + "\nFROM range(3000)";

  private static final Map<String, JsonNode> REPORT = new LinkedHashMap<>();
  private static final List<String> CASES = new ArrayList<>();

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("our-dictionary-files").into(s -> spark = s);

  @BeforeAll
  static void writeAndCheck() throws IOException {
    if (!PythonPeers.available()) {
      return;
    }
    Dataset<Row> df = spark.sql(DATA).coalesce(1);
    List<Row> rows = df.collectAsList();
    List<Canonical.Case> cases = new ArrayList<>();
    for (String[] o : LineCases.of(List.of(OPTIONS), o -> ON_EVERY_LINE.contains(o[0]))) {
      int types = o[0].startsWith("always") ? 3 : o[0].contains("rows100") ? 4 : 2;
      cases.addAll(write(o[0], df, rows, o, types, null));
    }
    cases.addAll(write("auto-partitionBy", df.repartition(2, org.apache.spark.sql.functions.col("part")), rows,
        OPTIONS[0], -1, "part"));
    cases.addAll(write("always-empty", df.limit(0), List.of(), OPTIONS[2], 3, null));
    JsonNode report = Canonical.check(dir, cases);
    for (Canonical.Case c : cases) {
      REPORT.put(c.name(), report.get(c.name()));
      CASES.add(c.name());
    }
  }

  /** Writes {@code df}; types from column {@code typeColumn} of COLUMNS (-1: not checked). */
  private static List<Canonical.Case> write(String name, Dataset<Row> df, List<Row> rows, String[] o,
      int typeColumn, String partitionBy) throws IOException {
    Path out = dir.resolve(name);
    DataFrameWriter<Row> w = df.write().format("arrowfile");
    for (int i = 1; i + 1 < o.length; i += 2) {
      w = w.option(o[i], o[i + 1]);
    }
    if (partitionBy != null) {
      w = w.partitionBy(partitionBy);
    }
    w.save(out.toString());
    List<String> names = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (String[] c : COLUMNS) {
      if (!c[0].equals(partitionBy)) {
        names.add(c[0]);
        types.add(typeColumn < 0 ? null : c[typeColumn]);
      }
    }
    List<Path> files = DataFiles.arrow(out);
    assertFalse(files.isEmpty(), name + " wrote no file");
    List<Canonical.Case> cases = new ArrayList<>();
    for (Path f : files) {
      List<Row> expected = rows;
      String caseName = name;
      if (partitionBy != null) {
        String dirName = f.getParent().getFileName().toString();
        String value = dirName.substring(dirName.indexOf('=') + 1);
        int index = df.schema().fieldIndex(partitionBy);
        expected = rows.stream().filter(r -> String.valueOf(r.get(index)).equals(value)).toList();
        caseName = name + "/" + dirName;
        if (files.stream().filter(x -> x.getParent().equals(f.getParent())).count() > 1) {
          throw new AssertionError("one file per partition expected: " + files);
        }
      }
      cases.add(Canonical.expect(caseName, f, "file", names, types, Canonical.sparkRows(expected, df.schema(), names),
          partitionBy != null, Map.of()));
    }
    return cases;
  }

  @TestFactory
  Stream<DynamicTest> pyarrowAndPolarsReadOurDictionaryFiles() {
    PythonPeers.require();
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : CASES) {
      JsonNode r = REPORT.get(name);
      tests.add(DynamicTest.dynamicTest(name + ": pyarrow validate(full=True)",
          () -> Canonical.assertOk(r.path("pyarrow").get("validate"), name)));
      tests.add(DynamicTest.dynamicTest(name + ": pyarrow schema (which columns are encoded)",
          () -> Canonical.assertOk(r.path("pyarrow").get("schema"), name)));
      tests.add(DynamicTest.dynamicTest(name + ": pyarrow values",
          () -> Canonical.assertOk(r.path("pyarrow").get("values"), name)));
      tests.add(DynamicTest.dynamicTest(name + ": pyarrow.feather values",
          () -> Canonical.assertOk(r.path("pyarrow").get("feather"), name)));
      for (String reader : List.of("read_ipc", "read_ipc_mmap", "scan_ipc")) {
        tests.add(DynamicTest.dynamicTest(name + ": Polars " + reader + " values",
            () -> Canonical.assertOk(r.path("polars").has("crash") ? r.path("polars").get("crash")
                : r.path("polars").get(reader), name)));
      }
    }
    return tests.stream();
  }
}
