package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.MapBuilder;
import io.arrowfile.columnar.builder.StructBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;

final class MapWriter extends ColumnWriter {
  private final MapBuilder b;
  private final StructBuilder entries;
  private final ColumnWriter keys;
  private final ColumnWriter values;

  MapWriter(MapBuilder b, Budget budget, boolean stats, ColumnWriter keys, ColumnWriter values) {
    super(b, budget, stats);
    this.b = b;
    this.entries = b.entries();
    this.keys = keys;
    this.values = values;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    MapData map = src.getMap(ordinal);
    ArrayData k = map.keyArray();
    ArrayData v = map.valueArray();
    int n = map.numElements();
    b.startList();
    for (int i = 0; i < n; i++) {
      keys.write(k, i);
      values.write(v, i);
      entries.appendValid();
    }
    b.endList();
    budget.bytes += 4;
  }
}
