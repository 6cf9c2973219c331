package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.VariableBinaryBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.STUtils;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.GeographyType;
import org.apache.spark.unsafe.types.BinaryView;

/**
 * GEOMETRY and GEOGRAPHY values (Spark 4.2) as the WKB of a {@code geoarrow.wkb} column, by Spark's own
 * {@code ST_AsBinary}. Loaded only on a Spark that has these types ({@code GeoArrow}).
 */
final class GeoWriter extends ColumnWriter {
  private final VariableBinaryBuilder b;
  private final boolean geography;

  private GeoWriter(VariableBinaryBuilder b, Budget budget, boolean stats, boolean geography) {
    super(b, budget, stats);
    this.b = b;
    this.geography = geography;
  }

  static ColumnWriter create(DataType type, VariableBinaryBuilder b, Budget budget, boolean stats) {
    return new GeoWriter(b, budget, stats, type instanceof GeographyType);
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    BinaryView v = src.getBinaryView(ordinal);
    byte[] wkb = geography ? STUtils.stGeogAsBinary(v) : STUtils.stGeomAsBinary(v);
    b.appendBytes(wkb);
    budget.bytes += 4L + wkb.length;
  }
}
