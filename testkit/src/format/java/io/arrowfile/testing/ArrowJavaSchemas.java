package io.arrowfile.testing;

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

/**
 * Converts schemas between our types ({@code io.arrowfile.columnar.type}) and Arrow Java's
 * ({@code org.apache.arrow.vector.types.pojo}).
 *
 * <ul>
 *   <li>Extension types: ours are plain fields with {@code ARROW:extension:name/metadata} metadata; an
 *       Arrow Java {@code ExtensionType} (registered extension, e.g. {@code arrow.uuid}) comes back as its
 *       storage type with those two metadata keys.</li>
 *   <li>Decimal32 and Decimal64 don't exist in Arrow Java: {@link #toArrowJava} throws
 *       {@link UnsupportedOperationException} so callers can skip.</li>
 *   <li>Union type ids: ours {@code null} (child i has id i) maps to Arrow Java {@code null}; an
 *       empty array from Arrow Java maps to {@code null} only when the union has no children.</li>
 * </ul>
 */
public final class ArrowJavaSchemas {
  private ArrowJavaSchemas() {}

  // ---------------------------------------------------------------- ours -> Arrow Java

  public static org.apache.arrow.vector.types.pojo.Schema toArrowJava(Schema schema) {
    List<org.apache.arrow.vector.types.pojo.Field> fields = new ArrayList<>();
    for (Field f : schema.fields()) {
      fields.add(toArrowJava(f));
    }
    return new org.apache.arrow.vector.types.pojo.Schema(fields,
        schema.metadata().isEmpty() ? null : new LinkedHashMap<>(schema.metadata()));
  }

  public static org.apache.arrow.vector.types.pojo.Field toArrowJava(Field field) {
    List<org.apache.arrow.vector.types.pojo.Field> children = new ArrayList<>();
    for (Field c : field.children()) {
      children.add(toArrowJava(c));
    }
    org.apache.arrow.vector.types.pojo.DictionaryEncoding dict = null;
    if (field.dictionary() != null) {
      DictionaryEncoding d = field.dictionary();
      dict = new org.apache.arrow.vector.types.pojo.DictionaryEncoding(d.id(), d.ordered(),
          (org.apache.arrow.vector.types.pojo.ArrowType.Int) toArrowJava(d.indexType()));
    }
    FieldType ft = new FieldType(field.nullable(), toArrowJava(field.type()), dict,
        field.metadata().isEmpty() ? null : new LinkedHashMap<>(field.metadata()));
    return new org.apache.arrow.vector.types.pojo.Field(field.name(), ft, children);
  }

  /** @throws UnsupportedOperationException for types Arrow Java lacks (Decimal32, Decimal64) */
  public static org.apache.arrow.vector.types.pojo.ArrowType toArrowJava(ArrowType type) {
    if (type instanceof ArrowType.Null) {
      return org.apache.arrow.vector.types.pojo.ArrowType.Null.INSTANCE;
    } else if (type instanceof ArrowType.Bool) {
      return org.apache.arrow.vector.types.pojo.ArrowType.Bool.INSTANCE;
    } else if (type instanceof ArrowType.Int t) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Int(t.bitWidth(), t.signed());
    } else if (type instanceof ArrowType.FloatingPoint t) {
      FloatingPointPrecision p = switch (t.precision()) {
        case HALF -> FloatingPointPrecision.HALF;
        case SINGLE -> FloatingPointPrecision.SINGLE;
        case DOUBLE -> FloatingPointPrecision.DOUBLE;
      };
      return new org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint(p);
    } else if (type instanceof ArrowType.Decimal t) {
      if (t.bitWidth() != 128 && t.bitWidth() != 256) {
        throw new UnsupportedOperationException("Arrow Java has no " + t);
      }
      return new org.apache.arrow.vector.types.pojo.ArrowType.Decimal(t.precision(), t.scale(), t.bitWidth());
    } else if (type instanceof ArrowType.Date t) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Date(t.unit() == DateUnit.DAY
          ? org.apache.arrow.vector.types.DateUnit.DAY : org.apache.arrow.vector.types.DateUnit.MILLISECOND);
    } else if (type instanceof ArrowType.Time t) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Time(toArrowJava(t.unit()), t.bitWidth());
    } else if (type instanceof ArrowType.Timestamp t) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Timestamp(toArrowJava(t.unit()), t.timezone());
    } else if (type instanceof ArrowType.Duration t) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Duration(toArrowJava(t.unit()));
    } else if (type instanceof ArrowType.Interval t) {
      org.apache.arrow.vector.types.IntervalUnit u = switch (t.unit()) {
        case YEAR_MONTH -> org.apache.arrow.vector.types.IntervalUnit.YEAR_MONTH;
        case DAY_TIME -> org.apache.arrow.vector.types.IntervalUnit.DAY_TIME;
        case MONTH_DAY_NANO -> org.apache.arrow.vector.types.IntervalUnit.MONTH_DAY_NANO;
      };
      return new org.apache.arrow.vector.types.pojo.ArrowType.Interval(u);
    } else if (type instanceof ArrowType.FixedSizeBinary t) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.FixedSizeBinary(t.byteWidth());
    } else if (type instanceof ArrowType.Binary) {
      return org.apache.arrow.vector.types.pojo.ArrowType.Binary.INSTANCE;
    } else if (type instanceof ArrowType.Utf8) {
      return org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE;
    } else if (type instanceof ArrowType.LargeBinary) {
      return org.apache.arrow.vector.types.pojo.ArrowType.LargeBinary.INSTANCE;
    } else if (type instanceof ArrowType.LargeUtf8) {
      return org.apache.arrow.vector.types.pojo.ArrowType.LargeUtf8.INSTANCE;
    } else if (type instanceof ArrowType.BinaryView) {
      return org.apache.arrow.vector.types.pojo.ArrowType.BinaryView.INSTANCE;
    } else if (type instanceof ArrowType.Utf8View) {
      return org.apache.arrow.vector.types.pojo.ArrowType.Utf8View.INSTANCE;
    } else if (type instanceof ArrowType.List) {
      return org.apache.arrow.vector.types.pojo.ArrowType.List.INSTANCE;
    } else if (type instanceof ArrowType.LargeList) {
      return org.apache.arrow.vector.types.pojo.ArrowType.LargeList.INSTANCE;
    } else if (type instanceof ArrowType.ListView) {
      return org.apache.arrow.vector.types.pojo.ArrowType.ListView.INSTANCE;
    } else if (type instanceof ArrowType.LargeListView) {
      return org.apache.arrow.vector.types.pojo.ArrowType.LargeListView.INSTANCE;
    } else if (type instanceof ArrowType.FixedSizeList t) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.FixedSizeList(t.listSize());
    } else if (type instanceof ArrowType.Struct) {
      return org.apache.arrow.vector.types.pojo.ArrowType.Struct.INSTANCE;
    } else if (type instanceof ArrowType.Map t) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Map(t.keysSorted());
    } else if (type instanceof ArrowType.Union t) {
      return new org.apache.arrow.vector.types.pojo.ArrowType.Union(t.mode() == UnionMode.SPARSE
          ? org.apache.arrow.vector.types.UnionMode.Sparse : org.apache.arrow.vector.types.UnionMode.Dense,
          t.typeIds());
    } else if (type instanceof ArrowType.RunEndEncoded) {
      return org.apache.arrow.vector.types.pojo.ArrowType.RunEndEncoded.INSTANCE;
    }
    throw new UnsupportedOperationException("no Arrow Java type for " + type);
  }

  static org.apache.arrow.vector.types.TimeUnit toArrowJava(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> org.apache.arrow.vector.types.TimeUnit.SECOND;
      case MILLISECOND -> org.apache.arrow.vector.types.TimeUnit.MILLISECOND;
      case MICROSECOND -> org.apache.arrow.vector.types.TimeUnit.MICROSECOND;
      case NANOSECOND -> org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
    };
  }

  /** Whether {@link #toArrowJava(Schema)} succeeds for this schema (no Decimal32/64 anywhere). */
  public static boolean isSupported(Schema schema) {
    try {
      toArrowJava(schema);
      return true;
    } catch (UnsupportedOperationException e) {
      return false;
    }
  }

  // ---------------------------------------------------------------- Arrow Java -> ours

  public static Schema fromArrowJava(org.apache.arrow.vector.types.pojo.Schema schema) {
    List<Field> fields = new ArrayList<>();
    for (org.apache.arrow.vector.types.pojo.Field f : schema.getFields()) {
      fields.add(fromArrowJava(f));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  /**
   * Converts a schema in Arrow Java's <em>memory format</em> (as {@code VectorSchemaRoot.getSchema()} of its
   * readers gives it: a dictionary-encoded field has the index type and no children) into ours, where the
   * field has the dictionary's value type and children, taken from {@code provider}'s dictionaries.
   *
   * @throws IllegalStateException when a dictionary is missing from {@code provider}
   */
  public static Schema fromArrowJava(org.apache.arrow.vector.types.pojo.Schema schema,
      org.apache.arrow.vector.dictionary.DictionaryProvider provider) {
    List<Field> fields = new ArrayList<>();
    for (org.apache.arrow.vector.types.pojo.Field f : schema.getFields()) {
      fields.add(fromArrowJava(f, provider));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  /** A field in Arrow Java's memory format; see {@link #fromArrowJava(org.apache.arrow.vector.types.pojo.Schema,
   * org.apache.arrow.vector.dictionary.DictionaryProvider)}. */
  public static Field fromArrowJava(org.apache.arrow.vector.types.pojo.Field field,
      org.apache.arrow.vector.dictionary.DictionaryProvider provider) {
    if (!org.apache.arrow.vector.util.DictionaryUtility.needConvertToMessageFormat(field)) {
      return fromArrowJava(field);
    }
    checkDictionaries(field, provider);
    return fromArrowJava(org.apache.arrow.vector.util.DictionaryUtility.toMessageFormat(field, provider,
        new java.util.HashSet<>()));
  }

  private static void checkDictionaries(org.apache.arrow.vector.types.pojo.Field field,
      org.apache.arrow.vector.dictionary.DictionaryProvider provider) {
    if (field.getDictionary() != null) {
      long id = field.getDictionary().getId();
      if (provider == null || provider.lookup(id) == null) {
        throw new IllegalStateException("dictionary " + id + " of field '" + field.getName()
            + "' not loaded: can't tell its value type");
      }
      checkDictionaries(provider.lookup(id).getVector().getField(), provider);
    }
    for (org.apache.arrow.vector.types.pojo.Field c : field.getChildren()) {
      checkDictionaries(c, provider);
    }
  }

  public static Field fromArrowJava(org.apache.arrow.vector.types.pojo.Field field) {
    List<Field> children = new ArrayList<>();
    for (org.apache.arrow.vector.types.pojo.Field c : field.getChildren()) {
      children.add(fromArrowJava(c));
    }
    Map<String, String> metadata = new LinkedHashMap<>(field.getMetadata() == null ? Map.of() : field.getMetadata());
    org.apache.arrow.vector.types.pojo.ArrowType t = field.getType();
    if (t instanceof org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType ext) {
      metadata.putIfAbsent(Field.EXTENSION_NAME, ext.extensionName());
      metadata.putIfAbsent(Field.EXTENSION_METADATA, ext.serialize());
      t = ext.storageType();
    }
    DictionaryEncoding dict = null;
    org.apache.arrow.vector.types.pojo.DictionaryEncoding d = field.getDictionary();
    if (d != null) {
      org.apache.arrow.vector.types.pojo.ArrowType.Int it = d.getIndexType();
      dict = new DictionaryEncoding(d.getId(),
          it == null ? ArrowType.Int.INT32 : new ArrowType.Int(it.getBitWidth(), it.getIsSigned()), d.isOrdered());
    }
    return new Field(field.getName(), field.isNullable(), fromArrowJava(t, children.size()), dict, children, metadata);
  }

  public static ArrowType fromArrowJava(org.apache.arrow.vector.types.pojo.ArrowType type) {
    return fromArrowJava(type, -1);
  }

  private static ArrowType fromArrowJava(org.apache.arrow.vector.types.pojo.ArrowType type, int childCount) {
    if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType ext) {
      return fromArrowJava(ext.storageType(), childCount);
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Null) {
      return new ArrowType.Null();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Bool) {
      return new ArrowType.Bool();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Int t) {
      return new ArrowType.Int(t.getBitWidth(), t.getIsSigned());
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint t) {
      return new ArrowType.FloatingPoint(switch (t.getPrecision()) {
        case HALF -> Precision.HALF;
        case SINGLE -> Precision.SINGLE;
        case DOUBLE -> Precision.DOUBLE;
      });
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Decimal t) {
      return new ArrowType.Decimal(t.getPrecision(), t.getScale(), t.getBitWidth());
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Date t) {
      return new ArrowType.Date(t.getUnit() == org.apache.arrow.vector.types.DateUnit.DAY
          ? DateUnit.DAY : DateUnit.MILLISECOND);
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Time t) {
      return new ArrowType.Time(fromArrowJava(t.getUnit()), t.getBitWidth());
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Timestamp t) {
      return new ArrowType.Timestamp(fromArrowJava(t.getUnit()), t.getTimezone());
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Duration t) {
      return new ArrowType.Duration(fromArrowJava(t.getUnit()));
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Interval t) {
      return new ArrowType.Interval(switch (t.getUnit()) {
        case YEAR_MONTH -> IntervalUnit.YEAR_MONTH;
        case DAY_TIME -> IntervalUnit.DAY_TIME;
        case MONTH_DAY_NANO -> IntervalUnit.MONTH_DAY_NANO;
      });
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.FixedSizeBinary t) {
      return new ArrowType.FixedSizeBinary(t.getByteWidth());
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Binary) {
      return new ArrowType.Binary();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Utf8) {
      return new ArrowType.Utf8();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.LargeBinary) {
      return new ArrowType.LargeBinary();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.LargeUtf8) {
      return new ArrowType.LargeUtf8();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.BinaryView) {
      return new ArrowType.BinaryView();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Utf8View) {
      return new ArrowType.Utf8View();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.List) {
      return new ArrowType.List();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.LargeList) {
      return new ArrowType.LargeList();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.ListView) {
      return new ArrowType.ListView();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.LargeListView) {
      return new ArrowType.LargeListView();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.FixedSizeList t) {
      return new ArrowType.FixedSizeList(t.getListSize());
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Struct) {
      return new ArrowType.Struct();
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Map t) {
      return new ArrowType.Map(t.getKeysSorted());
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Union t) {
      int[] ids = t.getTypeIds();
      if (ids != null && ids.length == 0 && childCount != 0) {
        ids = null;
      }
      return new ArrowType.Union(t.getMode() == org.apache.arrow.vector.types.UnionMode.Sparse
          ? UnionMode.SPARSE : UnionMode.DENSE, ids);
    } else if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.RunEndEncoded) {
      return new ArrowType.RunEndEncoded();
    }
    throw new UnsupportedOperationException("no arrowfile type for Arrow Java " + type);
  }

  static TimeUnit fromArrowJava(org.apache.arrow.vector.types.TimeUnit unit) {
    return switch (unit) {
      case SECOND -> TimeUnit.SECOND;
      case MILLISECOND -> TimeUnit.MILLISECOND;
      case MICROSECOND -> TimeUnit.MICROSECOND;
      case NANOSECOND -> TimeUnit.NANOSECOND;
    };
  }
}
