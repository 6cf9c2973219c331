package io.arrowfile.interop.python;

import io.arrowfile.testing.SparkLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.PythonPeers;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow's canonical extension types between pyarrow 25 and Spark ({@code testkit/python/canonical_extensions.py}):
 * pyarrow's {@code bool8}, {@code uuid} and {@code json_} columns and variants (the canonical
 * {@code arrow.parquet.variant} in several storage layouts, and Spark's own Arrow form), file and stream, read
 * through Spark value by value against the generator's inputs; and variants Spark writes, decoded by the
 * script's own Variant decoder, written again by pyarrow and read back.
 */
class CanonicalExtensionsPeerTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  private static SparkSession spark;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("canonical-extensions");

  private static SparkSession spark() {
    if (spark == null) {
      spark = SESSION.session();
    }
    return spark;
  }

  @TestFactory
  Stream<DynamicTest> pyarrowFilesReadAsSparkTypes() throws Exception {
    SparkLine.assumeVariant();
    PythonPeers.Written written = PythonPeers.writeOnce("canonical_extensions.py", 300, "write");
    JsonNode cases = JSON.readTree(written.stdout());
    List<DynamicTest> out = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = cases.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> c = it.next();
      boolean file = c.getValue().get("format").asText().equals("file");
      Path path = written.dir().resolve(c.getKey() + (file ? ".arrow" : ".arrows"));
      JsonNode refused = c.getValue().get("refused");
      out.add(DynamicTest.dynamicTest(c.getKey(), refused.isNull()
          ? () -> assertReads(path, c.getValue().get("columns"))
          : () -> assertRefused(path, refused.asText())));
    }
    return out.stream();
  }

  private static void assertReads(Path path, JsonNode columns) {
    Dataset<Row> df = spark().read().format("arrowfile").load(path.toString());
    for (Iterator<Map.Entry<String, JsonNode>> it = columns.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> col = it.next();
      String name = col.getKey();
      DataType type = df.schema().apply(name).dataType();
      List<Object> want = new ArrayList<>();
      col.getValue().forEach(v -> want.add(v.isNull() ? null : v.isBoolean() ? v.asBoolean() : v.asText()));
      String expr = SparkLine.isVariant(type) ? "to_json(`" + name + "`)" : "`" + name + "`";
      List<Object> got = new ArrayList<>();
      df.selectExpr(expr).collectAsList().forEach(r -> got.add(r.get(0)));
      assertEquals(want, got, path.getFileName() + " column " + name + " (" + type.simpleString() + ")");
      DataType expected = want.stream().anyMatch(v -> v instanceof Boolean) ? DataTypes.BooleanType
          : name.equals("v") ? SparkLine.variantType() : DataTypes.StringType;
      assertEquals(expected, type, path.getFileName() + " column " + name);
    }
  }

  private static void assertRefused(Path path, String column) {
    Exception e = assertThrows(Exception.class,
        () -> spark().read().format("arrowfile").load(path.toString()).collectAsList());
    Throwable t = e;
    while (t.getCause() != null) {
      t = t.getCause();
    }
    String message = String.valueOf(t.getMessage());
    assertTrue(message.contains("column '" + column + "' is a shredded variant"), message);
  }

  @Test
  void sparkVariantsReadByPyarrowAndBack() throws Exception {
    SparkLine.assumeVariant();
    List<String> texts = List.of("{\"a\":1,\"b\":[true,null,\"x\"],\"nested\":{\"z\":-300}}", "-7", "1.5",
        "1099511627776", "\"short\"", "[]", "{}", "null");
    StringBuilder values = new StringBuilder();
    for (String t : texts) {
      values.append(values.length() == 0 ? "" : ", ").append("('").append(t).append("')");
    }
    Path out = dir.resolve("spark-variants");
    spark().sql("SELECT parse_json(j) v FROM VALUES " + values + ", (NULL) AS t(j)").coalesce(1)
        .write().format("arrowfile").save(out.toString());
    Path file = DataFiles.first(out);
    List<String> expected = new ArrayList<>(texts);
    expected.add(null);
    Path expectedJson = dir.resolve("spark-variants.json");
    JSON.writeValue(expectedJson.toFile(), expected);
    Path rewritten = dir.resolve("rewritten/by-pyarrow.arrow");
    Files.createDirectories(rewritten.getParent());
    JsonNode report = JSON.readTree(PythonPeers.run("canonical_extensions.py", 120, "check", file.toString(), "v",
        expectedJson.toString(), rewritten.toString()));
    assertTrue(report.get("ok").asBoolean(), report.toString());

    Dataset<Row> back = spark().read().format("arrowfile").load(rewritten.toString());
    assertEquals(SparkLine.variantType(), back.schema().apply("v").dataType());
    List<String> got = new ArrayList<>();
    back.selectExpr("to_json(v)").collectAsList().forEach(r -> got.add(r.getString(0)));
    assertEquals(expected, got);
  }
}
