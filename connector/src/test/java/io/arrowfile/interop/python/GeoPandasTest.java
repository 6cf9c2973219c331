package io.arrowfile.interop.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.arrowfile.connector.types.GeoArrow;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.PythonPeers;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * GeoArrow WKB between GeoPandas and Spark 4.2's GEOMETRY/GEOGRAPHY ({@code testkit/python/geopandas_peer.py}):
 * GeoDataFrames written with {@code to_arrow} (the {@code geoarrow.wkb} extension, the CRS as PROJJSON) and
 * {@code to_feather} (WKB and GeoParquet's {@code geo} schema metadata) read in Spark with equal geometries and
 * SRID; and the geometries and geographies Spark writes load in GeoPandas with equal geometries and CRS. On the
 * other lines, the same files read as WKB and go back to GeoPandas as geometry.
 */
class GeoPandasTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  private static SparkSession spark;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("geopandas");

  private static SparkSession spark() {
    Assumptions.assumeTrue(GeoArrow.SPARK_HAS_GEO, "this Spark has no GEOMETRY/GEOGRAPHY types");
    return session();
  }

  private static SparkSession session() {
    if (spark == null) {
      spark = SESSION.session();
    }
    return spark;
  }

  /** Each value of {@code column} as Spark gives it back: its WKB in hex and its SRID; null for null. */
  private static List<String> values(Dataset<Row> df, String column) {
    List<String> out = new ArrayList<>();
    for (Row r : df.selectExpr("lower(hex(st_asbinary(" + column + ")))", "st_srid(" + column + ")")
        .collectAsList()) {
      out.add(r.isNullAt(0) ? null : r.getString(0) + "@" + r.get(1));
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> geoPandasFilesReadAsGeometry() throws Exception {
    PythonPeers.Written written = PythonPeers.writeOnce("geopandas_peer.py", 300, "write");
    JsonNode cases = JSON.readTree(written.stdout());
    List<DynamicTest> out = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = cases.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> c = it.next();
      out.add(DynamicTest.dynamicTest(c.getKey(), () -> {
        Dataset<Row> df = spark().read().format("arrowfile")
            .load(written.dir().resolve(c.getKey() + ".arrow").toString());
        int srid = c.getValue().get("srid").asInt();
        assertTrue(df.schema().apply("geometry").dataType().typeName().startsWith("geometry("), df.schema().toDDL());
        List<String> want = new ArrayList<>();
        c.getValue().get("wkb").forEach(h -> want.add(h.isNull() ? null : h.asText() + "@" + srid));
        assertEquals(want, values(df, "geometry"), c.getKey());
      }));
    }
    return out.stream();
  }

  @Test
  void sparkGeometriesLoadInGeoPandas() throws Exception {
    List<String> wkb = List.of("0101000000000000000000f03f0000000000000040",
        "010200000002000000000000000000000000000000000000000000000000000c4000000000000010c0");
    StringBuilder rows = new StringBuilder();
    for (String h : wkb) {
      rows.append(rows.length() == 0 ? "" : ", ").append("(X'").append(h).append("')");
    }
    Path out = dir.resolve("spark-geo");
    spark().sql("SELECT st_geomfromwkb(w, 3857) g, st_geogfromwkb(w) geog, st_geomfromwkb(w) g0 FROM VALUES "
        + rows + ", (NULL) AS t(w)").coalesce(1).write().format("arrowfile").save(out.toString());
    Path file = DataFiles.first(out);
    List<String> expectedWkb = new ArrayList<>(wkb);
    expectedWkb.add(null);
    for (Map.Entry<String, String> c : Map.of("g", "EPSG:3857", "geog", "OGC:CRS84", "g0", "none").entrySet()) {
      Map<String, Object> expected = new LinkedHashMap<>();
      expected.put("crs", c.getValue());
      expected.put("wkb", expectedWkb);
      Path json = dir.resolve("expected-" + c.getKey() + ".json");
      JSON.writeValue(json.toFile(), expected);
      JsonNode report = JSON.readTree(PythonPeers.run("geopandas_peer.py", 120, "check", file.toString(),
          c.getKey(), json.toString()));
      assertTrue(report.get("ok").asBoolean(), c.getKey() + ": " + report);
    }
  }

  /**
   * On the lines without Spark 4.2's geospatial API (4.1, 4.0, 3.5): the same files read as {@code BINARY} holding
   * the WKB, and a column that came with the GeoArrow extension type goes back to GeoPandas, through a Spark write,
   * as geometry with its CRS (the field's metadata is kept).
   */
  @TestFactory
  Stream<DynamicTest> withoutGeometryTypesGeoPandasFilesReadAsWkb() throws Exception {
    Assumptions.assumeFalse(GeoArrow.SPARK_HAS_GEO, "this line reads them as GEOMETRY: geoPandasFilesReadAsGeometry");
    PythonPeers.Written peerFiles = PythonPeers.writeOnce("geopandas_peer.py", 300, "write");
    Path in = peerFiles.dir();
    JsonNode cases = JSON.readTree(peerFiles.stdout());
    List<DynamicTest> out = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = cases.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> c = it.next();
      String name = c.getKey();
      out.add(DynamicTest.dynamicTest(name, () -> {
        Dataset<Row> df = session().read().format("arrowfile").load(in.resolve(name + ".arrow").toString());
        assertEquals(DataTypes.BinaryType, df.schema().apply("geometry").dataType(), df.schema().toDDL());
        List<String> want = new ArrayList<>();
        c.getValue().get("wkb").forEach(h -> want.add(h.isNull() ? null : h.asText()));
        List<String> got = new ArrayList<>();
        for (Row r : df.selectExpr("lower(hex(geometry))").collectAsList()) {
          got.add(r.isNullAt(0) ? null : r.getString(0));
        }
        assertEquals(want, got, name);
        if (name.startsWith("to_arrow")) { // the extension type is the field's; to_feather's CRS is the file's
          Path written = dir.resolve("as-binary-back-" + name);
          df.coalesce(1).write().format("arrowfile").save(written.toString());
          int srid = c.getValue().get("srid").asInt();
          Map<String, Object> expected = new LinkedHashMap<>();
          expected.put("crs", srid == 0 ? "none" : "EPSG:" + srid);
          expected.put("wkb", want);
          Path json = dir.resolve("as-binary-expected-" + name + ".json");
          JSON.writeValue(json.toFile(), expected);
          JsonNode report = JSON.readTree(PythonPeers.run("geopandas_peer.py", 120, "check",
              DataFiles.first(written).toString(), "geometry", json.toString()));
          assertTrue(report.get("ok").asBoolean(), name + ": " + report);
        }
      }));
    }
    return out.stream();
  }
}
