package io.arrowfile.connector.types;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.apache.spark.sql.types.DataType;

/**
 * Spark 4.2's geospatial API, reached by reflection so that the connector compiles and loads against Spark 4.0
 * and 4.1, which have none of it (see {@link GeoArrow}). The handles are looked up once, on first use, which
 * only a Spark with GEOMETRY/GEOGRAPHY types ever makes.
 */
public final class SparkGeoTypes {
  private SparkGeoTypes() {}

  private static final MethodType OBJECT_OF_OBJECT = MethodType.methodType(Object.class, Object.class);

  /** The handles, loaded with this holder on first use. */
  private static final class Api {
    static final MethodHandle GEOMETRY_OF_CRS;
    static final MethodHandle GEOGRAPHY_OF_CRS;
    static final MethodHandle GEOMETRY_OF_SRID;
    static final MethodHandle GEOGRAPHY_OF_SRID;
    static final MethodHandle GEOM_FROM_WKB;
    static final MethodHandle GEOG_FROM_WKB;
    static final MethodHandle GEOM_AS_WKB;
    static final MethodHandle GEOG_AS_WKB;
    static final MethodHandle VIEW_BYTES;

    static {
      try {
        MethodHandles.Lookup l = MethodHandles.publicLookup();
        Class<?> geometry = Class.forName(GeoArrow.GEOMETRY_CLASS);
        Class<?> geography = Class.forName(GeoArrow.GEOGRAPHY_CLASS);
        Class<?> st = Class.forName("org.apache.spark.sql.catalyst.util.STUtils");
        Class<?> view = Class.forName("org.apache.spark.unsafe.types.BinaryView");
        GEOMETRY_OF_CRS = l.findStatic(geometry, "apply", MethodType.methodType(geometry, String.class));
        GEOGRAPHY_OF_CRS = l.findStatic(geography, "apply", MethodType.methodType(geography, String.class));
        GEOMETRY_OF_SRID = l.findStatic(geometry, "apply", MethodType.methodType(geometry, int.class));
        GEOGRAPHY_OF_SRID = l.findStatic(geography, "apply", MethodType.methodType(geography, int.class));
        GEOM_FROM_WKB = l.findStatic(st, "stGeomFromWKB", MethodType.methodType(view, byte[].class, int.class));
        GEOG_FROM_WKB = l.findStatic(st, "stGeogFromWKB", MethodType.methodType(view, byte[].class, int.class));
        GEOM_AS_WKB = l.findStatic(st, "stGeomAsBinary", MethodType.methodType(byte[].class, view))
            .asType(MethodType.methodType(byte[].class, Object.class));
        GEOG_AS_WKB = l.findStatic(st, "stGeogAsBinary", MethodType.methodType(byte[].class, view))
            .asType(MethodType.methodType(byte[].class, Object.class));
        VIEW_BYTES = l.findVirtual(view, "getBytes", MethodType.methodType(byte[].class))
            .asType(MethodType.methodType(byte[].class, Object.class));
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }
  }

  /** GEOMETRY or GEOGRAPHY of {@code crs} (Spark's CRS strings: OGC:CRS84, EPSG:n, SRID:0), or null if refused. */
  static DataType type(String crs, boolean geography) {
    try {
      return (DataType) (geography ? Api.GEOGRAPHY_OF_CRS : Api.GEOMETRY_OF_CRS).invoke(crs);
    } catch (RuntimeException e) {
      return null; // Spark's ST_INVALID_CRS_VALUE
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static DataType type(int srid, boolean geography) {
    try {
      return (DataType) (geography ? Api.GEOGRAPHY_OF_SRID : Api.GEOMETRY_OF_SRID).invoke(srid);
    } catch (RuntimeException e) {
      return null;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** The CRS string of a GEOMETRY or GEOGRAPHY type, null for mixed SRIDs (ANY). */
  static String crs(DataType dt) {
    return (boolean) call(dt, "isMixedSrid") ? null : (String) call(dt, "crs");
  }

  /** The SRID of a GEOMETRY or GEOGRAPHY type. */
  public static int srid(DataType dt) {
    return (int) call(dt, "srid");
  }

  /** Spark's own value (the bytes of its physical form) of {@code wkb} in {@code srid}; fails on invalid WKB. */
  public static byte[] fromWkb(byte[] wkb, int srid, boolean geography) {
    try {
      Object view = (geography ? Api.GEOG_FROM_WKB : Api.GEOM_FROM_WKB).invoke(wkb, srid);
      return (byte[]) Api.VIEW_BYTES.invokeExact(view);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** The WKB of Spark's value {@code value} (as {@code InternalRow.get} gives it). */
  public static byte[] toWkb(Object value, boolean geography) {
    try {
      return (byte[]) (geography ? Api.GEOG_AS_WKB : Api.GEOM_AS_WKB).invokeExact(value);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  private static Object call(DataType dt, String method) {
    try {
      return dt.getClass().getMethod(method).invoke(dt);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Spark's " + dt.getClass().getName() + "." + method + "() is missing", e);
    }
  }

  private static RuntimeException rethrow(Throwable t) {
    if (t instanceof RuntimeException r) {
      return r;
    } else if (t instanceof Error e) {
      throw e;
    }
    return new IllegalStateException(t);
  }
}
