package io.arrowfile.connector.types;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.GeographyType;
import org.apache.spark.sql.types.GeometryType;

/**
 * The calls that name Spark 4.2's geospatial types, kept apart so that only Sparks that have them load them (see
 * {@link GeoArrow}).
 */
final class SparkGeoTypes {
  private SparkGeoTypes() {}

  /** GEOMETRY or GEOGRAPHY of {@code crs} (Spark's CRS strings: OGC:CRS84, EPSG:n, SRID:0), or null if refused. */
  static DataType type(String crs, boolean geography) {
    try {
      return geography ? GeographyType.apply(crs) : GeometryType.apply(crs);
    } catch (RuntimeException e) {
      return null;
    }
  }

  static DataType type(int srid, boolean geography) {
    try {
      return geography ? GeographyType.apply(srid) : GeometryType.apply(srid);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The CRS string of a GEOMETRY or GEOGRAPHY type, null for mixed SRIDs (ANY). */
  static String crs(DataType dt) {
    if (dt instanceof GeometryType g) {
      return g.isMixedSrid() ? null : g.crs();
    }
    GeographyType g = (GeographyType) dt;
    return g.isMixedSrid() ? null : g.crs();
  }
}
