package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.connector.types.GeoArrow;
import io.arrowfile.spark.SparkGeo;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * A GeoArrow {@code geoarrow.wkb} column as Spark 4.2's GEOMETRY or GEOGRAPHY: each value's WKB, checked and
 * turned into Spark's own value (the column's SRID and the WKB) by Spark's {@code ST_GeomFromWKB} /
 * {@code ST_GeogFromWKB}; Spark reads it through {@code getBinaryView}, which wraps {@link #getBinary}.
 */
public final class GeoVector extends ArrowVector {
  private final ColumnVector wkb;
  private final boolean geography;
  private final int srid;

  GeoVector(DataType type, ArrayData data, ColumnVector wkb) {
    super(type, data);
    this.wkb = wkb;
    this.geography = GeoArrow.isGeography(type);
    this.srid = SparkGeo.srid(type);
  }

  @Override
  public byte[] getBinary(int rowId) {
    return SparkGeo.fromWkb(wkb.getBinary(rowId), srid, geography);
  }
}
