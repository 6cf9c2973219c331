package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.VariableBinaryBuilder;
import io.arrowfile.connector.types.GeoArrow;
import io.arrowfile.spark.SparkGeo;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.types.DataType;

/** GEOMETRY and GEOGRAPHY values (Spark 4.2) as the WKB of a {@code geoarrow.wkb} column, by Spark's {@code ST_AsBinary}. */
final class GeoWriter extends ColumnWriter {
  private final VariableBinaryBuilder b;
  private final DataType type;
  private final boolean geography;

  GeoWriter(DataType type, VariableBinaryBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
    this.type = type;
    this.geography = GeoArrow.isGeography(type);
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    byte[] wkb = SparkGeo.toWkb(src.get(ordinal, type), geography);
    b.appendBytes(wkb);
    budget.bytes += 4L + wkb.length;
  }
}
