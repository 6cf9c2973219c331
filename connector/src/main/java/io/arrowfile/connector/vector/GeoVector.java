package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import org.apache.spark.sql.catalyst.util.STUtils;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.GeographyType;
import org.apache.spark.sql.types.GeometryType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * A GeoArrow {@code geoarrow.wkb} column as Spark 4.2's GEOMETRY or GEOGRAPHY: each value's WKB, checked and
 * turned into Spark's own value (the column's SRID and the WKB) by Spark's {@code ST_GeomFromWKB} /
 * {@code ST_GeogFromWKB}. Loaded only on a Spark that has these types ({@code GeoArrow}).
 */
public final class GeoVector extends ArrowVector {
  private final ColumnVector wkb;
  private final boolean geography;
  private final int srid;

  private GeoVector(DataType type, ArrayData data, ColumnVector wkb) {
    super(type, data);
    this.wkb = wkb;
    this.geography = type instanceof GeographyType;
    this.srid = geography ? ((GeographyType) type).srid() : ((GeometryType) type).srid();
  }

  /** The vector of {@code type} reading the WKB that {@code wkb} (a binary vector over {@code data}) gives. */
  static ColumnVector create(DataType type, ArrayData data, ColumnVector wkb) {
    return new GeoVector(type, data, wkb);
  }

  @Override
  public byte[] getBinary(int rowId) {
    byte[] w = wkb.getBinary(rowId);
    return (geography ? STUtils.stGeogFromWKB(w, srid) : STUtils.stGeomFromWKB(w, srid)).getBytes();
  }
}
