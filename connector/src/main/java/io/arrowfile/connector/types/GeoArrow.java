package io.arrowfile.connector.types;

import io.arrowfile.spark.SparkGeo;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.DataType;

/**
 * Spark 4.2's {@code GEOMETRY} and {@code GEOGRAPHY} types as GeoArrow's {@value #WKB} extension type (Binary
 * storage of ISO WKB; the CRS in the extension's JSON metadata), the form GeoPandas' {@code to_arrow} and the
 * GeoArrow tools exchange.
 *
 * <ul>
 *   <li>Writing: {@code GEOMETRY(crs)} as {@code {"crs": "<crs>", "crs_type": "authority_code"}} (the CRS string
 *       Spark holds: {@code OGC:CRS84}, {@code EPSG:3857}, ...; none for SRID 0); {@code GEOGRAPHY(crs)} the same
 *       with {@code "edges": "spherical"}. A column of mixed SRIDs ({@code GEOMETRY(ANY)}) is refused: one file
 *       column has one CRS.</li>
 *   <li>Reading: {@code "edges": "spherical"} as {@code GEOGRAPHY}, else {@code GEOMETRY}; the CRS from an
 *       authority string, an integer SRID, or a PROJJSON object's {@code id} (as GeoPandas writes it); none as
 *       SRID 0 for geometries and {@code OGC:CRS84} for geographies. A CRS or edge model Spark does not support
 *       reads as {@code BINARY} (the WKB), its metadata kept in the column's metadata.</li>
 * </ul>
 *
 * <p>Spark's geospatial API is reached through the line's adapter ({@link SparkGeo}): only the 4.2 jar has the
 * types; on the other lines ({@link #SPARK_HAS_GEO} false) {@value #WKB} columns read as {@code BINARY}.
 */
public final class GeoArrow {
  private GeoArrow() {}

  public static final String WKB = "geoarrow.wkb";
  /** Spark's own Jackson (Spark depends on it): the metadata are small JSON objects. */
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Whether this Spark line's jar reads GeoArrow WKB columns as GEOMETRY and GEOGRAPHY (4.2). */
  public static final boolean SPARK_HAS_GEO = SparkGeo.AVAILABLE;

  /** Whether {@code dt} is GEOMETRY or GEOGRAPHY. */
  public static boolean isGeoType(DataType dt) {
    return SparkGeo.isGeoType(dt);
  }

  /** Whether {@code dt} is GEOGRAPHY. */
  public static boolean isGeography(DataType dt) {
    return SparkGeo.isGeography(dt);
  }

  /** The Arrow field of a GEOMETRY or GEOGRAPHY column; {@code path} names it in errors. */
  static Field field(String name, DataType dt, boolean nullable, String path) {
    String crs = SparkGeo.crs(dt);
    if (crs == null) {
      throw new UnsupportedOperationException("column '" + path + "' has Spark type " + dt.simpleString()
          + ", whose values may each have another SRID, which one GeoArrow column cannot say; cast it to one SRID "
          + "(ST_SetSrid) before writing");
    }
    ObjectNode json = JSON.createObjectNode();
    if (!crs.equals("SRID:0")) {
      json.put("crs", crs).put("crs_type", "authority_code");
    }
    if (isGeography(dt)) {
      json.put("edges", "spherical");
    }
    Map<String, String> md = new LinkedHashMap<>();
    md.put(Field.EXTENSION_NAME, WKB);
    md.put(Field.EXTENSION_METADATA, json.toString());
    return new Field(name, nullable, new ArrowType.Binary(), null, List.of(), md);
  }

  /**
   * The Spark type of a {@value #WKB} field on binary storage, when the running Spark has the geospatial types
   * and supports its CRS and edges; else null (read by its storage).
   */
  @SuppressWarnings("unchecked")
  static DataType sparkType(Field f) {
    if (!WKB.equals(f.extensionName()) || !SPARK_HAS_GEO) {
      return null;
    }
    ArrowType t = f.type();
    if (!(t instanceof ArrowType.Binary || t instanceof ArrowType.LargeBinary || t instanceof ArrowType.BinaryView)) {
      return null;
    }
    Map<String, Object> md;
    try {
      String json = f.extensionMetadata();
      Object parsed = json == null || json.isBlank() ? Map.of() : parse(json);
      if (!(parsed instanceof Map<?, ?>)) {
        return null;
      }
      md = (Map<String, Object>) parsed;
    } catch (IllegalArgumentException e) {
      return null;
    }
    Object edges = md.get("edges");
    boolean geography = "spherical".equals(edges);
    if (edges != null && !geography && !"planar".equals(edges)) {
      return null; // an edge model Spark has no type for (vincenty, karney, ...)
    }
    Object crs = md.get("crs");
    if (crs == null) {
      return SparkGeo.type(geography ? "OGC:CRS84" : "SRID:0", geography);
    } else if (crs instanceof Number srid) {
      return SparkGeo.type(srid.intValue(), geography);
    } else if (crs instanceof String s) {
      if ("srid".equals(md.get("crs_type"))) {
        try {
          return SparkGeo.type(Integer.parseInt(s.trim()), geography);
        } catch (NumberFormatException e) {
          return null;
        }
      }
      return SparkGeo.type(s, geography);
    } else if (crs instanceof Map<?, ?> projjson) {
      String id = authorityCode(projjson.get("id"));
      if (id == null && projjson.get("ids") instanceof List<?> ids && ids.size() == 1) {
        id = authorityCode(ids.get(0));
      }
      return id == null ? null : SparkGeo.type(id, geography);
    }
    return null;
  }

  /** The schema metadata key of GeoParquet's column metadata, which GeoPandas' {@code to_feather} writes too. */
  public static final String GEO_KEY = "geo";

  /**
   * {@code schema} with the WKB columns its GeoParquet metadata ({@value #GEO_KEY}, as GeoPandas'
   * {@code to_feather} writes it) describes marked as {@value #WKB} columns of the same CRS and edges; unchanged
   * when it has none. GeoParquet's rules: a column without {@code crs} is in {@code OGC:CRS84}, one with
   * {@code "crs": null} has no CRS; a PROJJSON CRS without an {@code id} leaves the column binary.
   */
  @SuppressWarnings("unchecked")
  public static Schema withGeoMetadata(Schema schema) {
    String json = schema.metadata() == null ? null : schema.metadata().get(GEO_KEY);
    if (json == null) {
      return schema;
    }
    Map<String, Object> columns;
    try {
      Object parsed = parse(json);
      if (!(parsed instanceof Map<?, ?> root) || !(root.get("columns") instanceof Map<?, ?> c)) {
        return schema;
      }
      columns = (Map<String, Object>) c;
    } catch (IllegalArgumentException e) {
      return schema; // unreadable GeoParquet metadata: the columns stay binary
    }
    List<Field> fields = new ArrayList<>(schema.fields());
    boolean changed = false;
    for (int i = 0; i < fields.size(); i++) {
      Field f = fields.get(i);
      if (f.extensionName() != null || f.isDictionaryEncoded() || !(columns.get(f.name()) instanceof Map<?, ?> c)
          || !"WKB".equals(c.get("encoding"))) {
        continue;
      }
      ObjectNode md = JSON.createObjectNode();
      String crs;
      if (!c.containsKey("crs")) {
        crs = "OGC:CRS84";
      } else if (c.get("crs") == null) {
        crs = null;
      } else {
        crs = c.get("crs") instanceof String text ? text
            : c.get("crs") instanceof Map<?, ?> projjson ? authorityCode(projjson.get("id")) : null;
        if (crs == null) {
          continue;
        }
      }
      if (crs != null) {
        md.put("crs", crs);
      }
      if ("spherical".equals(c.get("edges"))) {
        md.put("edges", "spherical");
      }
      Map<String, String> metadata = new LinkedHashMap<>(f.metadata());
      metadata.put(Field.EXTENSION_NAME, WKB);
      metadata.put(Field.EXTENSION_METADATA, md.toString());
      fields.set(i, f.withMetadata(metadata));
      changed = true;
    }
    return changed ? new Schema(fields, schema.metadata()) : schema;
  }

  /** Maps, lists, strings, numbers, booleans and nulls of a JSON text. */
  private static Object parse(String json) {
    try {
      return JSON.readValue(json, Object.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e.getOriginalMessage(), e);
    }
  }

  /** {@code AUTHORITY:code} of a PROJJSON {@code id} object, or null. */
  private static String authorityCode(Object id) {
    if (id instanceof Map<?, ?> m && m.get("authority") instanceof String a && m.get("code") != null) {
      return a + ":" + m.get("code");
    }
    return null;
  }
}
