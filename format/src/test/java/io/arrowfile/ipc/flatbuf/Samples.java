package io.arrowfile.ipc.flatbuf;

import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.columnar.type.UnionMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Schemas covering every type and feature of the metadata, shared by the flatbuf tests. */
final class Samples {
  private Samples() {}

  static Field leaf(String name, ArrowType type) {
    return Field.nullable(name, type);
  }

  /** One field of every type, nested ones with plausible children; dictionaries, metadata included. */
  static Schema allTypes() {
    return allTypes(true);
  }

  /** {@code smallDecimals}: include Decimal32/Decimal64, which Arrow Java 19 cannot represent. */
  static Schema allTypes(boolean smallDecimals) {
    List<Field> f = new ArrayList<>();
    f.add(leaf("null", new ArrowType.Null()));
    f.add(Field.notNull("bool", new ArrowType.Bool()));
    for (ArrowType.Int i : List.of(ArrowType.Int.INT8, ArrowType.Int.INT16, ArrowType.Int.INT32,
        ArrowType.Int.INT64, ArrowType.Int.UINT8, ArrowType.Int.UINT16, ArrowType.Int.UINT32,
        ArrowType.Int.UINT64)) {
      f.add(leaf(i.toString(), i));
    }
    for (Precision p : Precision.values()) {
      f.add(leaf("float_" + p, new ArrowType.FloatingPoint(p)));
    }
    f.add(leaf("dec128", new ArrowType.Decimal(38, 10, 128)));
    f.add(leaf("dec256", new ArrowType.Decimal(76, -3, 256)));
    if (smallDecimals) {
      f.add(leaf("dec32", new ArrowType.Decimal(9, 2, 32)));
      f.add(leaf("dec64", new ArrowType.Decimal(18, 0, 64)));
    }
    f.add(leaf("date32", new ArrowType.Date(DateUnit.DAY)));
    f.add(leaf("date64", new ArrowType.Date(DateUnit.MILLISECOND)));
    f.add(leaf("time_s", new ArrowType.Time(TimeUnit.SECOND, 32)));
    f.add(leaf("time_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32)));
    f.add(leaf("time_us", new ArrowType.Time(TimeUnit.MICROSECOND, 64)));
    f.add(leaf("time_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)));
    for (TimeUnit u : TimeUnit.values()) {
      f.add(leaf("ts_" + u, new ArrowType.Timestamp(u, null)));
      f.add(leaf("tstz_" + u, new ArrowType.Timestamp(u, "Europe/Paris")));
      f.add(leaf("dur_" + u, new ArrowType.Duration(u)));
    }
    for (IntervalUnit u : IntervalUnit.values()) {
      f.add(leaf("interval_" + u, new ArrowType.Interval(u)));
    }
    f.add(leaf("fsb", new ArrowType.FixedSizeBinary(7)));
    f.add(leaf("fsb0", new ArrowType.FixedSizeBinary(0)));
    f.add(leaf("binary", new ArrowType.Binary()));
    f.add(leaf("utf8", new ArrowType.Utf8()));
    f.add(leaf("large_binary", new ArrowType.LargeBinary()));
    f.add(leaf("large_utf8", new ArrowType.LargeUtf8()));
    f.add(leaf("binary_view", new ArrowType.BinaryView()));
    f.add(leaf("utf8_view", new ArrowType.Utf8View()));
    f.add(Field.nullable("list", new ArrowType.List(), leaf("item", ArrowType.Int.INT32)));
    f.add(Field.nullable("large_list", new ArrowType.LargeList(), leaf("item", new ArrowType.Utf8())));
    f.add(Field.nullable("list_view", new ArrowType.ListView(), leaf("item", ArrowType.Int.INT64)));
    f.add(Field.nullable("large_list_view", new ArrowType.LargeListView(), leaf("item", new ArrowType.Bool())));
    f.add(Field.nullable("fsl", new ArrowType.FixedSizeList(3),
        leaf("item", new ArrowType.FloatingPoint(Precision.DOUBLE))));
    f.add(Field.nullable("struct", new ArrowType.Struct(), leaf("x", ArrowType.Int.INT8),
        Field.nullable("y", new ArrowType.Struct(), leaf("z", new ArrowType.Utf8()))));
    f.add(Field.nullable("empty_struct", new ArrowType.Struct()));
    for (boolean sorted : new boolean[] {false, true}) {
      f.add(Field.nullable("map" + sorted, new ArrowType.Map(sorted),
          Field.notNull("entries", new ArrowType.Struct(), Field.notNull("key", new ArrowType.Utf8()),
              leaf("value", ArrowType.Int.INT32))));
    }
    f.add(Field.nullable("sparse", new ArrowType.Union(UnionMode.SPARSE, null), leaf("a", ArrowType.Int.INT32),
        leaf("b", new ArrowType.Utf8())));
    f.add(Field.nullable("dense", new ArrowType.Union(UnionMode.DENSE, new int[] {5, 127}),
        leaf("a", ArrowType.Int.INT32), leaf("b", new ArrowType.Utf8())));
    f.add(Field.nullable("ree", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT32),
        leaf("values", new ArrowType.Utf8())));
    f.add(new Field("dict", true, new ArrowType.Utf8(), new DictionaryEncoding(0, ArrowType.Int.INT32, false),
        null, null));
    f.add(new Field("dict_u8_ordered", false, new ArrowType.LargeUtf8(),
        new DictionaryEncoding(1, ArrowType.Int.UINT8, true), null, null));
    f.add(new Field("dict_list", true, new ArrowType.List(),
        new DictionaryEncoding(42, ArrowType.Int.INT64, false),
        List.of(new Field("item", true, ArrowType.Int.INT16, new DictionaryEncoding(7, ArrowType.Int.INT16, false),
            null, null)), null));
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("zeta", "1");
    meta.put("alpha", "2");
    meta.put(Field.EXTENSION_NAME, "arrow.uuid");
    meta.put(Field.EXTENSION_METADATA, "");
    meta.put("unicode ✓", "värde 🚀");
    f.add(new Field("ext", true, new ArrowType.FixedSizeBinary(16), null, null, meta));
    f.add(leaf("", ArrowType.Int.INT32));
    f.add(leaf("dup", ArrowType.Int.INT32));
    f.add(leaf("dup", ArrowType.Int.INT64));
    Map<String, String> schemaMeta = new LinkedHashMap<>();
    schemaMeta.put("z", "last?");
    schemaMeta.put("a", "first?");
    schemaMeta.put("empty", "");
    return new Schema(f, schemaMeta);
  }

  /** A schema of {@code depth} nested struct levels (top-level field at depth 1). */
  static Schema nested(int depth) {
    Field field = leaf("leaf", ArrowType.Int.INT32);
    for (int i = depth - 1; i >= 1; i--) {
      field = Field.nullable("s" + i, new ArrowType.Struct(), field);
    }
    return Schema.of(field);
  }
}
