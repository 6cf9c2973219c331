package io.arrowfile.spark;

import org.apache.spark.sql.catalyst.util.STUtils;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.GeographyType;
import org.apache.spark.sql.types.GeometryType;
import org.apache.spark.unsafe.types.BinaryView;

/**
 * Spark's GEOMETRY and GEOGRAPHY types and their values, for the lines that read GeoArrow WKB columns as them: the
 * Spark 4.2 copy (connector/src/geo). The other lines compile connector/src/no-geo, where {@link #AVAILABLE} is
 * false and such columns read as their WKB storage. Spark 4.1 has classes of the same names with another API
 * (values as {@code GeometryVal}, no SRID for geography), so it takes the no-geo copy too.
 */
public final class SparkGeo {
  private SparkGeo() {}

  /** Whether this Spark line reads GeoArrow WKB columns as GEOMETRY/GEOGRAPHY. */
  public static final boolean AVAILABLE = true;

  public static boolean isGeoType(DataType dt) {
    return dt instanceof GeometryType || dt instanceof GeographyType;
  }

  public static boolean isGeography(DataType dt) {
    return dt instanceof GeographyType;
  }

  /** GEOMETRY or GEOGRAPHY of {@code crs} (Spark's CRS strings: OGC:CRS84, EPSG:n, SRID:0), or null if refused. */
  public static DataType type(String crs, boolean geography) {
    try {
      return geography ? GeographyType.apply(crs) : GeometryType.apply(crs);
    } catch (RuntimeException e) {
      return null; // Spark's ST_INVALID_CRS_VALUE
    }
  }

  /** GEOMETRY or GEOGRAPHY of {@code srid}, or null if refused. */
  public static DataType type(int srid, boolean geography) {
    try {
      return geography ? GeographyType.apply(srid) : GeometryType.apply(srid);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The CRS string of a GEOMETRY or GEOGRAPHY type, null for mixed SRIDs (ANY). */
  public static String crs(DataType dt) {
    if (dt instanceof GeographyType g) {
      return g.isMixedSrid() ? null : g.crs();
    }
    GeometryType g = (GeometryType) dt;
    return g.isMixedSrid() ? null : g.crs();
  }

  /** The SRID of a GEOMETRY or GEOGRAPHY type. */
  public static int srid(DataType dt) {
    return dt instanceof GeographyType g ? g.srid() : ((GeometryType) dt).srid();
  }

  /** Spark's own value (the bytes of its physical form) of {@code wkb} in {@code srid}; fails on invalid WKB. */
  public static byte[] fromWkb(byte[] wkb, int srid, boolean geography) {
    BinaryView v = geography ? STUtils.stGeogFromWKB(wkb, srid) : STUtils.stGeomFromWKB(wkb, srid);
    return v.getBytes();
  }

  /** The WKB of Spark's value {@code value} (as {@code InternalRow.get} gives it). */
  public static byte[] toWkb(Object value, boolean geography) {
    return geography ? STUtils.stGeogAsBinary((BinaryView) value) : STUtils.stGeomAsBinary((BinaryView) value);
  }
}
