package io.arrowfile.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.types.GeoArrow;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark 4.2's GEOMETRY and GEOGRAPHY as GeoArrow's {@code geoarrow.wkb} extension type: written with the CRS in
 * the extension's metadata, and {@code geoarrow.wkb} columns read as those types with their CRS, however the
 * producer spelled it.
 */
class GeoArrowTest {
  static SparkSession spark;
  @TempDir static Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(Fixtures::spark);

  @BeforeAll
  static void start() {
    // Spark 4.0 and 4.1 have no geospatial types: there geoarrow.wkb reads as WKB binary (GeoArrow)
    Assumptions.assumeTrue(GeoArrow.SPARK_HAS_GEO, "this Spark has no GEOMETRY/GEOGRAPHY types");
    spark = SESSION.session();
  }

  /** ISO WKB (little endian) of POINT(x y). */
  static byte[] point(double x, double y) {
    return ByteBuffer.allocate(21).order(ByteOrder.LITTLE_ENDIAN).put((byte) 1).putInt(1).putDouble(x).putDouble(y)
        .array();
  }

  /** ISO WKB (little endian) of LINESTRING(x0 y0, x1 y1). */
  static byte[] line(double x0, double y0, double x1, double y1) {
    return ByteBuffer.allocate(41).order(ByteOrder.LITTLE_ENDIAN).put((byte) 1).putInt(2).putInt(2).putDouble(x0)
        .putDouble(y0).putDouble(x1).putDouble(y1).array();
  }

  static final List<byte[]> SHAPES = List.of(point(1, 2), line(0, 0, 3.5, -4), point(-122.4, 37.8));

  static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }

  static Field wkb(String name, ArrowType storage, String metadata) {
    return new Field(name, true, storage, null, null,
        Map.of(Field.EXTENSION_NAME, GeoArrow.WKB, Field.EXTENSION_METADATA, metadata));
  }

  /** A file of {@link #SHAPES} and a null in each of {@code fields}. */
  static Dataset<Row> written(String name, Field... fields) throws Exception {
    List<Object[]> rows = new ArrayList<>();
    for (byte[] s : SHAPES) {
      Object[] row = new Object[fields.length];
      java.util.Arrays.fill(row, s);
      rows.add(row);
    }
    rows.add(new Object[fields.length]);
    Path p = Fixtures.writeFile(dir.resolve("read/" + name + ".arrow"), Schema.of(fields), rows);
    return spark.read().format("arrowfile").load(p.toString());
  }

  /** The WKB Spark gives back for {@code column}, as hex, and the SRID of each value. */
  static List<String> values(Dataset<Row> df, String column) {
    List<String> out = new ArrayList<>();
    for (Row r : df.selectExpr("hex(st_asbinary(`" + column + "`))", "st_srid(`" + column + "`)").collectAsList()) {
      out.add(r.isNullAt(0) ? null : r.getString(0).toLowerCase() + "@" + r.get(1));
    }
    return out;
  }

  static List<String> expected(int srid) {
    List<String> out = new ArrayList<>();
    SHAPES.forEach(s -> out.add(hex(s) + "@" + srid));
    out.add(null);
    return out;
  }

  @Test
  void geoArrowWkbReadsAsGeometryWithItsCrs() throws Exception {
    String projjson = "{\"crs\": {\"type\": \"GeographicCRS\", \"name\": \"WGS 84\", "
        + "\"id\": {\"authority\": \"EPSG\", \"code\": 4326}}}"; // as GeoPandas writes it, shortened
    Dataset<Row> df = written("crs", wkb("projjson", new ArrowType.Binary(), projjson),
        wkb("authority", new ArrowType.LargeBinary(), "{\"crs\": \"EPSG:3857\", \"crs_type\": \"authority_code\"}"),
        wkb("srid", new ArrowType.BinaryView(), "{\"crs\": \"3857\", \"crs_type\": \"srid\"}"),
        wkb("none", new ArrowType.Binary(), ""),
        wkb("empty", new ArrowType.Binary(), "{}"),
        wkb("spherical", new ArrowType.Binary(), "{\"crs\": \"OGC:CRS84\", \"edges\": \"spherical\"}"),
        wkb("spherical_default", new ArrowType.Binary(), "{\"edges\": \"spherical\"}"));
    Map<String, String> types = Map.of("projjson", "geometry(4326)", "authority", "geometry(3857)",
        "srid", "geometry(3857)", "none", "geometry(0)", "empty", "geometry(0)",
        "spherical", "geography(4326)", "spherical_default", "geography(4326)");
    Map<String, Integer> srids = Map.of("projjson", 4326, "authority", 3857, "srid", 3857, "none", 0, "empty", 0,
        "spherical", 4326, "spherical_default", 4326);
    for (String c : df.columns()) {
      assertEquals(types.get(c), df.schema().apply(c).dataType().typeName(), c);
      assertEquals(expected(srids.get(c)), values(df, c), c);
      assertEquals(GeoArrow.WKB, df.schema().apply(c).metadata().getString(Field.EXTENSION_NAME), c);
    }
  }

  @Test
  void crsOrEdgesSparkLacksReadAsWkbBinary() throws Exception {
    Dataset<Row> df = written("unsupported",
        wkb("swiss_geography", new ArrowType.Binary(), "{\"crs\": \"EPSG:2056\", \"edges\": \"spherical\"}"),
        wkb("vincenty", new ArrowType.Binary(), "{\"edges\": \"vincenty\"}"),
        wkb("wkt_crs", new ArrowType.Binary(), "{\"crs\": \"GEOGCS[\\\"unknown\\\"]\", \"crs_type\": \"wkt2:2019\"}"));
    for (String c : df.columns()) {
      assertEquals(DataTypes.BinaryType, df.schema().apply(c).dataType(), c);
    }
    assertEquals(hex(SHAPES.get(1)), hex((byte[]) df.collectAsList().get(1).get(0)));
  }

  @Test
  void geometryAndGeographyAreWrittenAsGeoArrowWkb() throws Exception {
    Path out = dir.resolve("written");
    StringBuilder values = new StringBuilder();
    for (byte[] s : SHAPES) {
      values.append(values.length() == 0 ? "" : ", ").append("(X'").append(hex(s)).append("')");
    }
    Dataset<Row> df = spark.sql("SELECT st_geomfromwkb(w, 3857) g, st_geomfromwkb(w) g0, st_geogfromwkb(w) geog, "
        + "named_struct('inner', st_geomfromwkb(w, 4326)) s FROM VALUES " + values + ", (NULL) AS t(w)");
    df.coalesce(1).write().format("arrowfile").save(out.toString());
    Path file = DataFiles.first(out);
    try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      Schema s = r.schema();
      assertEquals(new ArrowType.Binary(), s.field(0).type());
      assertEquals(GeoArrow.WKB, s.field(0).extensionName());
      assertEquals("{\"crs\":\"EPSG:3857\",\"crs_type\":\"authority_code\"}", s.field(0).extensionMetadata());
      assertEquals("{}", s.field(1).extensionMetadata());
      assertEquals("{\"crs\":\"OGC:CRS84\",\"crs_type\":\"authority_code\",\"edges\":\"spherical\"}",
          s.field(2).extensionMetadata());
      assertEquals(GeoArrow.WKB, s.field(3).child(0).extensionName());
      assertTrue(s.field(0).metadata().keySet().stream().noneMatch(k -> k.startsWith("spark.")), "no spark.type");
    }
    Dataset<Row> back = spark.read().format("arrowfile").load(out.toString());
    assertEquals(df.schema().catalogString(), back.schema().catalogString());
    assertEquals(expected(3857), values(back, "g"));
    assertEquals(expected(0), values(back, "g0"));
    assertEquals(expected(4326), values(back, "geog"));
    assertEquals(expected(4326), values(back.selectExpr("s.inner AS i"), "i"));
  }

  @Test
  void mixedSridColumnsAreRefusedNamingTheColumn() {
    Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> spark.sql(
            "SELECT CAST(st_geomfromwkb(X'" + hex(SHAPES.get(0)) + "', 3857) AS GEOMETRY(ANY)) AS mixed")
        .write().format("arrowfile").save(dir.resolve("mixed").toString()));
    String messages = io.arrowfile.testing.SparkTesting.messages(e);
    assertTrue(messages.contains("column 'mixed'") && messages.contains("ST_SetSrid"), messages);
  }
}
