package io.arrowfile.spark;

import org.apache.spark.sql.types.DataType;

/**
 * Spark's GEOMETRY and GEOGRAPHY types: the copy of the lines that do not read GeoArrow WKB columns as them
 * (3.5 and 4.0 have no such types; 4.1's differ from 4.2's, see connector/src/geo). Here a {@code geoarrow.wkb}
 * column reads as {@code BINARY}, its field metadata kept, and writes back as it came.
 */
public final class SparkGeo {
  private SparkGeo() {}

  public static final boolean AVAILABLE = false;

  public static boolean isGeoType(DataType dt) {
    return false;
  }

  public static boolean isGeography(DataType dt) {
    return false;
  }

  public static DataType type(String crs, boolean geography) {
    throw unavailable();
  }

  public static DataType type(int srid, boolean geography) {
    throw unavailable();
  }

  public static String crs(DataType dt) {
    throw unavailable();
  }

  public static int srid(DataType dt) {
    throw unavailable();
  }

  public static byte[] fromWkb(byte[] wkb, int srid, boolean geography) {
    throw unavailable();
  }

  public static byte[] toWkb(Object value, boolean geography) {
    throw unavailable();
  }

  private static UnsupportedOperationException unavailable() {
    return new UnsupportedOperationException("this Spark line's jar reads GeoArrow columns as BINARY (WKB)");
  }
}
