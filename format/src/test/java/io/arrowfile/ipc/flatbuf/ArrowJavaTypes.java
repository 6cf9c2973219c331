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
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.FieldType;

/** Conversions between our type model and Arrow Java's pojo model (message format: dictionary value types). */
final class ArrowJavaTypes {
  private ArrowJavaTypes() {}

  static org.apache.arrow.vector.types.pojo.Schema toArrow(Schema s) {
    List<org.apache.arrow.vector.types.pojo.Field> fields = new ArrayList<>();
    for (Field f : s.fields()) {
      fields.add(toArrow(f));
    }
    return new org.apache.arrow.vector.types.pojo.Schema(fields, s.metadata().isEmpty() ? null : s.metadata());
  }

  static org.apache.arrow.vector.types.pojo.Field toArrow(Field f) {
    List<org.apache.arrow.vector.types.pojo.Field> children = new ArrayList<>();
    for (Field c : f.children()) {
      children.add(toArrow(c));
    }
    org.apache.arrow.vector.types.pojo.DictionaryEncoding dict = f.dictionary() == null ? null
        : new org.apache.arrow.vector.types.pojo.DictionaryEncoding(f.dictionary().id(), f.dictionary().ordered(),
            (org.apache.arrow.vector.types.pojo.ArrowType.Int) toArrow(f.dictionary().indexType()));
    FieldType ft = new FieldType(f.nullable(), toArrow(f.type()), dict,
        f.metadata().isEmpty() ? null : f.metadata());
    return new org.apache.arrow.vector.types.pojo.Field(f.name(), ft, children);
  }

  static org.apache.arrow.vector.types.TimeUnit unit(TimeUnit u) {
    return org.apache.arrow.vector.types.TimeUnit.valueOf(u.name());
  }

  static org.apache.arrow.vector.types.pojo.ArrowType toArrow(ArrowType t) {
    if (t instanceof ArrowType.Null) {
      return org.apache.arrow.vector.types.pojo.ArrowType.Null.INSTANCE;
    } else if (t instanceof ArrowType.Bool) {
      return org.apache.arrow.vector.types.pojo.ArrowType.Bool.INSTANCE;
    } else if (t instanceof ArrowType.Int i) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Int(i.bitWidth(), i.signed());
    } else if (t instanceof ArrowType.FloatingPoint fp) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint(
          FloatingPointPrecision.values()[fp.precision().ordinal()]);
    } else if (t instanceof ArrowType.Decimal d) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Decimal(d.precision(), d.scale(), d.bitWidth());
    } else if (t instanceof ArrowType.Date d) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Date(
          org.apache.arrow.vector.types.DateUnit.valueOf(d.unit().name()));
    } else if (t instanceof ArrowType.Time tm) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Time(unit(tm.unit()), tm.bitWidth());
    } else if (t instanceof ArrowType.Timestamp ts) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Timestamp(unit(ts.unit()), ts.timezone());
    } else if (t instanceof ArrowType.Duration d) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Duration(unit(d.unit()));
    } else if (t instanceof ArrowType.Interval iv) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Interval(
          org.apache.arrow.vector.types.IntervalUnit.valueOf(iv.unit().name()));
    } else if (t instanceof ArrowType.FixedSizeBinary fsb) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.FixedSizeBinary(fsb.byteWidth());
    } else if (t instanceof ArrowType.Binary) {
      return org.apache.arrow.vector.types.pojo.ArrowType.Binary.INSTANCE;
    } else if (t instanceof ArrowType.Utf8) {
      return org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE;
    } else if (t instanceof ArrowType.LargeBinary) {
      return org.apache.arrow.vector.types.pojo.ArrowType.LargeBinary.INSTANCE;
    } else if (t instanceof ArrowType.LargeUtf8) {
      return org.apache.arrow.vector.types.pojo.ArrowType.LargeUtf8.INSTANCE;
    } else if (t instanceof ArrowType.BinaryView) {
      return org.apache.arrow.vector.types.pojo.ArrowType.BinaryView.INSTANCE;
    } else if (t instanceof ArrowType.Utf8View) {
      return org.apache.arrow.vector.types.pojo.ArrowType.Utf8View.INSTANCE;
    } else if (t instanceof ArrowType.List) {
      return org.apache.arrow.vector.types.pojo.ArrowType.List.INSTANCE;
    } else if (t instanceof ArrowType.LargeList) {
      return org.apache.arrow.vector.types.pojo.ArrowType.LargeList.INSTANCE;
    } else if (t instanceof ArrowType.ListView) {
      return org.apache.arrow.vector.types.pojo.ArrowType.ListView.INSTANCE;
    } else if (t instanceof ArrowType.LargeListView) {
      return org.apache.arrow.vector.types.pojo.ArrowType.LargeListView.INSTANCE;
    } else if (t instanceof ArrowType.FixedSizeList fsl) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.FixedSizeList(fsl.listSize());
    } else if (t instanceof ArrowType.Struct) {
      return org.apache.arrow.vector.types.pojo.ArrowType.Struct.INSTANCE;
    } else if (t instanceof ArrowType.Map m) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Map(m.keysSorted());
    } else if (t instanceof ArrowType.Union u) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Union(
          org.apache.arrow.vector.types.UnionMode.valueOf(u.mode() == UnionMode.SPARSE ? "Sparse" : "Dense"),
          u.typeIds());
    } else if (t instanceof ArrowType.RunEndEncoded) {
      return org.apache.arrow.vector.types.pojo.ArrowType.RunEndEncoded.INSTANCE;
    }
    throw new IllegalArgumentException(t.toString());
  }

  static Schema fromArrow(org.apache.arrow.vector.types.pojo.Schema s) {
    List<Field> fields = new ArrayList<>();
    for (org.apache.arrow.vector.types.pojo.Field f : s.getFields()) {
      fields.add(fromArrow(f));
    }
    return new Schema(fields, s.getCustomMetadata());
  }

  static Field fromArrow(org.apache.arrow.vector.types.pojo.Field f) {
    List<Field> children = new ArrayList<>();
    for (org.apache.arrow.vector.types.pojo.Field c : f.getChildren()) {
      children.add(fromArrow(c));
    }
    org.apache.arrow.vector.types.pojo.DictionaryEncoding d = f.getDictionary();
    DictionaryEncoding dict = d == null ? null
        : new DictionaryEncoding(d.getId(), (ArrowType.Int) fromArrow(d.getIndexType()), d.isOrdered());
    Map<String, String> meta = f.getMetadata() == null ? null : new LinkedHashMap<>(f.getMetadata());
    return new Field(f.getName(), f.isNullable(), fromArrow(f.getType()), dict, children, meta);
  }

  static TimeUnit unit(org.apache.arrow.vector.types.TimeUnit u) {
    return TimeUnit.valueOf(u.name());
  }

  static ArrowType fromArrow(org.apache.arrow.vector.types.pojo.ArrowType t) {
    switch (t.getTypeID()) {
      case Null: return new ArrowType.Null();
      case Bool: return new ArrowType.Bool();
      case Int: {
        var i = (org.apache.arrow.vector.types.pojo.ArrowType.Int) t;
        return new ArrowType.Int(i.getBitWidth(), i.getIsSigned());
      }
      case FloatingPoint:
        return new ArrowType.FloatingPoint(Precision.values()[
            ((org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint) t).getPrecision().ordinal()]);
      case Decimal: {
        var d = (org.apache.arrow.vector.types.pojo.ArrowType.Decimal) t;
        return new ArrowType.Decimal(d.getPrecision(), d.getScale(), d.getBitWidth());
      }
      case Date:
        return new ArrowType.Date(DateUnit.valueOf(
            ((org.apache.arrow.vector.types.pojo.ArrowType.Date) t).getUnit().name()));
      case Time: {
        var tm = (org.apache.arrow.vector.types.pojo.ArrowType.Time) t;
        return new ArrowType.Time(unit(tm.getUnit()), tm.getBitWidth());
      }
      case Timestamp: {
        var ts = (org.apache.arrow.vector.types.pojo.ArrowType.Timestamp) t;
        return new ArrowType.Timestamp(unit(ts.getUnit()), ts.getTimezone());
      }
      case Duration:
        return new ArrowType.Duration(unit(((org.apache.arrow.vector.types.pojo.ArrowType.Duration) t).getUnit()));
      case Interval:
        return new ArrowType.Interval(IntervalUnit.valueOf(
            ((org.apache.arrow.vector.types.pojo.ArrowType.Interval) t).getUnit().name()));
      case FixedSizeBinary:
        return new ArrowType.FixedSizeBinary(
            ((org.apache.arrow.vector.types.pojo.ArrowType.FixedSizeBinary) t).getByteWidth());
      case Binary: return new ArrowType.Binary();
      case Utf8: return new ArrowType.Utf8();
      case LargeBinary: return new ArrowType.LargeBinary();
      case LargeUtf8: return new ArrowType.LargeUtf8();
      case BinaryView: return new ArrowType.BinaryView();
      case Utf8View: return new ArrowType.Utf8View();
      case List: return new ArrowType.List();
      case LargeList: return new ArrowType.LargeList();
      case ListView: return new ArrowType.ListView();
      case LargeListView: return new ArrowType.LargeListView();
      case FixedSizeList:
        return new ArrowType.FixedSizeList(
            ((org.apache.arrow.vector.types.pojo.ArrowType.FixedSizeList) t).getListSize());
      case Struct: return new ArrowType.Struct();
      case Map:
        return new ArrowType.Map(((org.apache.arrow.vector.types.pojo.ArrowType.Map) t).getKeysSorted());
      case Union: {
        var u = (org.apache.arrow.vector.types.pojo.ArrowType.Union) t;
        return new ArrowType.Union(u.getMode().name().equals("Sparse") ? UnionMode.SPARSE : UnionMode.DENSE,
            u.getTypeIds());
      }
      case RunEndEncoded: return new ArrowType.RunEndEncoded();
      default: throw new IllegalArgumentException(t.toString());
    }
  }
}
