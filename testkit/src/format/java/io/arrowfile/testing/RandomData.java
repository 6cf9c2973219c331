package io.arrowfile.testing;

import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.columnar.type.UnionMode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.arrow.memory.util.Float16;

/**
 * Random schemas and values in our object model, deterministic for a seed. Schemas nest up to
 * {@link #maxDepth(int) maxDepth} levels of lists, structs, maps, unions, dictionaries and run-end encoding
 * over all primitive types; {@link Kind#ARROW_JAVA} restricts them to what Arrow Java 19 writes and reads.
 *
 * <p>Values respect the schema: non-nullable fields get no nulls, map keys are never null, union values
 * are {@link UnionValue}s of a child's type id with a non-null value (a null union slot is {@code null}),
 * run-end encoded columns come in runs of repeated values, dictionary-encoded columns repeat a few values.
 */
public final class RandomData {

  /** The kinds of types a schema may use. */
  public enum Kind {
    NULL, BOOL, INT, UINT, FLOAT16, FLOAT, DECIMAL, DECIMAL32_64, DATE, TIME, TIMESTAMP, DURATION, INTERVAL,
    FIXED_SIZE_BINARY, BINARY, UTF8, LARGE_BINARY, LARGE_UTF8, BINARY_VIEW, UTF8_VIEW,
    LIST, LARGE_LIST, FIXED_SIZE_LIST, LIST_VIEW, LARGE_LIST_VIEW, STRUCT, MAP, SPARSE_UNION, DENSE_UNION,
    DICTIONARY, RUN_END_ENCODED, METADATA,
    /** Dictionaries whose values are nested (Arrow Java renames their children, e.g. to $data$). */
    NESTED_DICTIONARY_VALUES;

    /** Everything the format has. */
    public static final Set<Kind> ALL = Collections.unmodifiableSet(EnumSet.allOf(Kind.class));

    /**
     * What Arrow Java 19 round-trips through IPC (see {@link ArrowJavaWriter}'s exclusions): no
     * Decimal32/64 and no unions (Arrow Java fails to load unions it wrote itself when children's buffers
     * don't line up with its minor-type keyed children: "Could not load buffers for field ...").
     */
    public static final Set<Kind> ARROW_JAVA = Collections.unmodifiableSet(EnumSet.complementOf(EnumSet.of(
        DECIMAL32_64, SPARSE_UNION, DENSE_UNION, NESTED_DICTIONARY_VALUES)));

    /** Only primitive (non-nested) kinds of {@code kinds}. */
    public static Set<Kind> primitives(Set<Kind> kinds) {
      EnumSet<Kind> out = EnumSet.noneOf(Kind.class);
      for (Kind k : kinds) {
        if (!k.nested()) {
          out.add(k);
        }
      }
      return out;
    }

    boolean nested() {
      return switch (this) {
        case LIST, LARGE_LIST, FIXED_SIZE_LIST, LIST_VIEW, LARGE_LIST_VIEW, STRUCT, MAP, SPARSE_UNION,
            DENSE_UNION, DICTIONARY, RUN_END_ENCODED -> true;
        default -> false;
      };
    }
  }

  private final Random random;
  private final Set<Kind> kinds;
  private final List<Kind> leafKinds = new ArrayList<>();
  private final List<Kind> nestedKinds = new ArrayList<>();
  private int maxDepth = 3;
  private double nullProbability = 0.2;
  private int maxListLength = 4;
  private long nextDictionaryId;
  private int nextName;

  public RandomData(long seed) {
    this(seed, Kind.ALL);
  }

  public RandomData(long seed, Set<Kind> kinds) {
    this.random = new Random(seed);
    this.kinds = EnumSet.copyOf(kinds);
    for (Kind k : Kind.values()) {
      if (kinds.contains(k) && k != Kind.METADATA && k != Kind.NESTED_DICTIONARY_VALUES) {
        (k.nested() ? nestedKinds : leafKinds).add(k);
      }
    }
    if (leafKinds.isEmpty()) {
      leafKinds.add(Kind.INT);
    }
  }

  /** Nesting levels below a top-level field (0: primitives only). Default 3. */
  public RandomData maxDepth(int depth) {
    this.maxDepth = depth;
    return this;
  }

  /** Chance of a null in a nullable field. Default 0.2. */
  public RandomData nullProbability(double p) {
    this.nullProbability = p;
    return this;
  }

  /** Longest variable-size list or map. Default 4. */
  public RandomData maxListLength(int n) {
    this.maxListLength = n;
    return this;
  }

  public Random random() {
    return random;
  }

  // ---------------------------------------------------------------- schemas

  /** A schema of {@code fieldCount} top-level fields (names unique), sometimes with custom metadata. */
  public Schema schema(int fieldCount) {
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < fieldCount; i++) {
      fields.add(field("f" + i, maxDepth));
    }
    Map<String, String> md = null;
    if (kinds.contains(Kind.METADATA) && random.nextInt(3) == 0) {
      md = new LinkedHashMap<>();
      md.put("origin", "RandomData");
      md.put("seed-note", "ü" + random.nextInt(100));
    }
    return new Schema(fields, md);
  }

  /** A random field named {@code name} nesting up to {@code depth} levels. */
  public Field field(String name, int depth) {
    boolean nullable = random.nextInt(10) < 7;
    Field f;
    if (depth > 0 && !nestedKinds.isEmpty() && random.nextInt(10) < 5) {
      f = nested(name, nullable, pick(nestedKinds), depth - 1);
    } else {
      f = Field.of(name, nullable, leafType(pick(leafKinds)));
    }
    if (kinds.contains(Kind.METADATA) && random.nextInt(8) == 0) {
      Map<String, String> md = new LinkedHashMap<>(f.metadata());
      if (random.nextBoolean()) {
        md.put(Field.EXTENSION_NAME, "arrowfile.random");
        md.put(Field.EXTENSION_METADATA, "{\"n\":" + random.nextInt(10) + "}");
      } else {
        md.put("note", "value " + random.nextInt(1000));
      }
      f = f.withMetadata(md);
    }
    return f;
  }

  private String childName(String prefix) {
    return prefix + (nextName++);
  }

  private Field nested(String name, boolean nullable, Kind kind, int depth) {
    switch (kind) {
      case LIST:
        return Field.of(name, nullable, new ArrowType.List(), field("item", depth));
      case LARGE_LIST:
        return Field.of(name, nullable, new ArrowType.LargeList(), field("item", depth));
      case LIST_VIEW:
        return Field.of(name, nullable, new ArrowType.ListView(), field("item", depth));
      case LARGE_LIST_VIEW:
        return Field.of(name, nullable, new ArrowType.LargeListView(), field("item", depth));
      case FIXED_SIZE_LIST:
        return Field.of(name, nullable, new ArrowType.FixedSizeList(1 + random.nextInt(3)), field("item", depth));
      case STRUCT: {
        int n = 1 + random.nextInt(3);
        List<Field> children = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          children.add(field(childName("s"), depth));
        }
        return new Field(name, nullable, new ArrowType.Struct(), null, children, null);
      }
      case MAP: {
        Field key = Field.notNull("key", random.nextBoolean() ? new ArrowType.Utf8() : ArrowType.Int.INT32);
        Field value = field("value", depth);
        Field entries = Field.notNull("entries", new ArrowType.Struct(), key, value);
        return Field.of(name, nullable, new ArrowType.Map(false), entries);
      }
      case SPARSE_UNION:
      case DENSE_UNION: {
        int n = 1 + random.nextInt(3);
        List<Field> children = new ArrayList<>();
        List<Kind> used = new ArrayList<>();
        for (int i = 0; i < n && used.size() < leafKinds.size(); i++) {
          Field c;
          if (depth > 0 && random.nextInt(4) == 0 && !kind.equals(Kind.SPARSE_UNION)) {
            c = field(childName("u"), depth);
          } else {
            Kind k;
            do {
              k = pick(leafKinds);
            } while (used.contains(k) || k == Kind.NULL);
            used.add(k);
            c = Field.nullable(childName("u"), leafType(k));
          }
          children.add(c.withNullable(true));
        }
        if (children.isEmpty()) {
          children.add(Field.nullable(childName("u"), ArrowType.Int.INT32));
        }
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < 128; i++) {
          ids.add(i);
        }
        Collections.shuffle(ids, random);
        int[] typeIds = new int[children.size()];
        for (int i = 0; i < typeIds.length; i++) {
          typeIds[i] = random.nextInt(4) == 0 ? i : ids.get(i);
        }
        if (!distinct(typeIds)) {
          for (int i = 0; i < typeIds.length; i++) {
            typeIds[i] = ids.get(i);
          }
        }
        UnionMode mode = kind == Kind.SPARSE_UNION ? UnionMode.SPARSE : UnionMode.DENSE;
        return new Field(name, nullable, new ArrowType.Union(mode, typeIds), null, children, null);
      }
      case DICTIONARY: {
        Field values = depth > 0 && kinds.contains(Kind.NESTED_DICTIONARY_VALUES) && random.nextInt(4) == 0
            ? field(name, depth) : null;
        if (values == null || values.isDictionaryEncoded() || values.type() instanceof ArrowType.Null) {
          ArrowType t = random.nextBoolean() ? new ArrowType.Utf8() : leafType(pick(leafKinds));
          if (t instanceof ArrowType.Null) {
            t = new ArrowType.Utf8();
          }
          values = Field.of(name, nullable, t);
        }
        ArrowType.Int index = switch (random.nextInt(5)) {
          case 0 -> ArrowType.Int.INT8;
          case 1 -> ArrowType.Int.INT16;
          case 2 -> ArrowType.Int.INT64;
          case 3 -> ArrowType.Int.UINT8;
          default -> ArrowType.Int.INT32;
        };
        DictionaryEncoding enc = new DictionaryEncoding(nextDictionaryId++, index, random.nextInt(4) == 0);
        return new Field(name, nullable, values.type(), enc, values.children(), null);
      }
      case RUN_END_ENCODED: {
        ArrowType.Int ends = switch (random.nextInt(3)) {
          case 0 -> ArrowType.Int.INT16;
          case 1 -> ArrowType.Int.INT32;
          default -> ArrowType.Int.INT64;
        };
        Field values = field("values", depth);
        if (values.type() instanceof ArrowType.RunEndEncoded || values.isDictionaryEncoded()) {
          values = Field.nullable("values", new ArrowType.Utf8());
        }
        return Field.of(name, nullable, new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ends),
            values.withNullable(nullable));
      }
      default:
        throw new IllegalArgumentException(kind.toString());
    }
  }

  private static boolean distinct(int[] ids) {
    for (int i = 0; i < ids.length; i++) {
      for (int j = i + 1; j < ids.length; j++) {
        if (ids[i] == ids[j]) {
          return false;
        }
      }
    }
    return true;
  }

  /** A random type of a primitive kind. */
  public ArrowType leafType(Kind kind) {
    TimeUnit[] units = TimeUnit.values();
    switch (kind) {
      case NULL:
        return new ArrowType.Null();
      case BOOL:
        return new ArrowType.Bool();
      case INT:
        return new ArrowType.Int(8 << random.nextInt(4), true);
      case UINT:
        return new ArrowType.Int(8 << random.nextInt(4), false);
      case FLOAT16:
        return new ArrowType.FloatingPoint(Precision.HALF);
      case FLOAT:
        return new ArrowType.FloatingPoint(random.nextBoolean() ? Precision.SINGLE : Precision.DOUBLE);
      case DECIMAL: {
        int bw = random.nextBoolean() ? 128 : 256;
        int p = 1 + random.nextInt(bw == 128 ? 38 : 76);
        return new ArrowType.Decimal(p, random.nextInt(p + 1), bw);
      }
      case DECIMAL32_64: {
        int bw = random.nextBoolean() ? 32 : 64;
        int p = 1 + random.nextInt(bw == 32 ? 9 : 18);
        return new ArrowType.Decimal(p, random.nextInt(p + 1), bw);
      }
      case DATE:
        return new ArrowType.Date(random.nextBoolean() ? DateUnit.DAY : DateUnit.MILLISECOND);
      case TIME: {
        TimeUnit u = units[random.nextInt(4)];
        return new ArrowType.Time(u, u == TimeUnit.SECOND || u == TimeUnit.MILLISECOND ? 32 : 64);
      }
      case TIMESTAMP: {
        String tz = switch (random.nextInt(3)) {
          case 0 -> null;
          case 1 -> "UTC";
          default -> "Europe/Paris";
        };
        return new ArrowType.Timestamp(units[random.nextInt(4)], tz);
      }
      case DURATION:
        return new ArrowType.Duration(units[random.nextInt(4)]);
      case INTERVAL:
        return new ArrowType.Interval(IntervalUnit.values()[random.nextInt(3)]);
      case FIXED_SIZE_BINARY:
        return new ArrowType.FixedSizeBinary(1 + random.nextInt(8));
      case BINARY:
        return new ArrowType.Binary();
      case UTF8:
        return new ArrowType.Utf8();
      case LARGE_BINARY:
        return new ArrowType.LargeBinary();
      case LARGE_UTF8:
        return new ArrowType.LargeUtf8();
      case BINARY_VIEW:
        return new ArrowType.BinaryView();
      case UTF8_VIEW:
        return new ArrowType.Utf8View();
      default:
        throw new IllegalArgumentException(kind + " is not primitive");
    }
  }

  private <T> T pick(List<T> list) {
    return list.get(random.nextInt(list.size()));
  }

  // ---------------------------------------------------------------- values

  /** {@code count} batches of 0 to {@code maxRows} rows (the first has at least one row). */
  public List<List<List<Object>>> batches(Schema schema, int count, int maxRows) {
    List<List<List<Object>>> out = new ArrayList<>();
    for (int b = 0; b < count; b++) {
      int rows = random.nextInt(maxRows + 1);
      if (b == 0 && rows == 0 && maxRows > 0) {
        rows = 1;
      }
      out.add(batch(schema, rows));
    }
    return out;
  }

  /** One batch: column -> {@code rows} values. */
  public List<List<Object>> batch(Schema schema, int rows) {
    List<List<Object>> columns = new ArrayList<>();
    for (Field f : schema.fields()) {
      columns.add(values(f, rows));
    }
    return columns;
  }

  /** A schema of {@code fieldCount} fields and {@code batchCount} batches of up to {@code maxRows} rows. */
  public Dataset dataset(int fieldCount, int batchCount, int maxRows) {
    Schema schema = schema(fieldCount);
    return new Dataset(schema, batches(schema, batchCount, maxRows));
  }

  /** {@code n} values of {@code field}. */
  public List<Object> values(Field field, int n) {
    List<Object> out = new ArrayList<>(n);
    if (field.isDictionaryEncoded()) {
      Field valueField = field.dictionaryValueField().withNullable(false);
      List<Object> pool = new ArrayList<>();
      int distinct = 1 + random.nextInt(5);
      for (int i = 0; i < distinct; i++) {
        pool.add(value(valueField));
      }
      for (int i = 0; i < n; i++) {
        out.add(isNull(field) ? null : pool.get(random.nextInt(pool.size())));
      }
      return out;
    }
    if (field.type() instanceof ArrowType.RunEndEncoded) {
      Field values = field.child(1);
      while (out.size() < n) {
        Object v = value(values);
        int run = 1 + random.nextInt(4);
        for (int k = 0; k < run && out.size() < n; k++) {
          out.add(v);
        }
      }
      return out;
    }
    for (int i = 0; i < n; i++) {
      out.add(value(field));
    }
    return out;
  }

  private boolean isNull(Field f) {
    return f.nullable() && random.nextDouble() < nullProbability;
  }

  /** One value of {@code field}: null only if the field is nullable (always for the Null type). */
  public Object value(Field field) {
    ArrowType t = field.type();
    if (t instanceof ArrowType.Null) {
      return null;
    }
    if (field.isDictionaryEncoded()) {
      return isNull(field) ? null : value(field.dictionaryValueField().withNullable(false));
    }
    if (t instanceof ArrowType.RunEndEncoded) {
      return value(field.child(1));
    }
    if (t instanceof ArrowType.Union u) {
      if (field.nullable() && random.nextDouble() < nullProbability) {
        return null;
      }
      int k = random.nextInt(field.children().size());
      Field child = field.child(k).withNullable(false);
      Object v = value(child);
      if (v == null) { // a Null-typed child: only a null slot
        return null;
      }
      return new UnionValue((byte) u.typeIdOf(k), v);
    }
    if (isNull(field)) {
      return null;
    }
    if (t instanceof ArrowType.Struct) {
      List<Object> out = new ArrayList<>();
      for (Field c : field.children()) {
        out.add(value(c));
      }
      return out;
    }
    if (t instanceof ArrowType.Map) {
      Field entries = field.child(0);
      int n = random.nextInt(maxListLength + 1);
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        out.add(new AbstractMap.SimpleImmutableEntry<>(value(entries.child(0).withNullable(false)),
            value(entries.child(1))));
      }
      return out;
    }
    if (t instanceof ArrowType.FixedSizeList fsl) {
      return values(field.child(0), fsl.listSize());
    }
    if (t.isNested()) { // the list kinds
      return values(field.child(0), random.nextInt(maxListLength + 1));
    }
    return leafValue(t);
  }

  /** A non-null value of a primitive type (null for the Null type). */
  public Object leafValue(ArrowType t) {
    if (t instanceof ArrowType.Null) {
      return null;
    } else if (t instanceof ArrowType.Bool) {
      return random.nextBoolean();
    } else if (t instanceof ArrowType.Int it) {
      long bits = random.nextInt(4) == 0 ? random.nextInt(200) - 100 : random.nextLong();
      if (it.signed()) {
        return switch (it.bitWidth()) {
          case 8 -> (byte) bits;
          case 16 -> (short) bits;
          case 32 -> (int) bits;
          default -> bits;
        };
      }
      return switch (it.bitWidth()) {
        case 8 -> (short) (bits & 0xFF);
        case 16 -> (int) (bits & 0xFFFF);
        case 32 -> bits & 0xFFFFFFFFL;
        default -> new BigInteger(Long.toUnsignedString(bits));
      };
    } else if (t instanceof ArrowType.FloatingPoint fp) {
      switch (fp.precision()) {
        case HALF:
          return Float16.toFloat((short) random.nextInt(1 << 16));
        case SINGLE:
          return random.nextInt(20) == 0 ? Float.NaN : (float) ((random.nextDouble() - 0.5) * 1e6);
        default:
          return random.nextInt(20) == 0 ? Double.NEGATIVE_INFINITY : (random.nextDouble() - 0.5) * 1e12;
      }
    } else if (t instanceof ArrowType.Decimal d) {
      int digits = 1 + random.nextInt(d.precision());
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < digits; i++) {
        sb.append((char) ('0' + random.nextInt(10)));
      }
      BigInteger unscaled = new BigInteger(sb.toString());
      return new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), d.scale());
    } else if (t instanceof ArrowType.Date d) {
      int days = random.nextInt(200_000) - 100_000;
      return d.unit() == DateUnit.DAY ? (Object) days : (Object) (days * 86_400_000L);
    } else if (t instanceof ArrowType.Time tt) {
      return switch (tt.unit()) {
        case SECOND -> random.nextInt(86_400);
        case MILLISECOND -> random.nextInt(86_400_000);
        case MICROSECOND -> (long) (random.nextDouble() * 86_400_000_000L);
        case NANOSECOND -> (long) (random.nextDouble() * 86_400_000_000_000L);
      };
    } else if (t instanceof ArrowType.Timestamp || t instanceof ArrowType.Duration) {
      return random.nextLong() >> random.nextInt(40);
    } else if (t instanceof ArrowType.Interval iv) {
      return switch (iv.unit()) {
        case YEAR_MONTH -> random.nextInt(2000) - 1000;
        case DAY_TIME -> new IntervalDayTime(random.nextInt(), random.nextInt());
        case MONTH_DAY_NANO -> new IntervalMonthDayNano(random.nextInt(), random.nextInt(), random.nextLong());
      };
    } else if (t instanceof ArrowType.FixedSizeBinary fsb) {
      return bytes(fsb.byteWidth());
    } else if (t instanceof ArrowType.Binary || t instanceof ArrowType.LargeBinary
        || t instanceof ArrowType.BinaryView) {
      return bytes(random.nextInt(4) == 0 ? 13 + random.nextInt(20) : random.nextInt(13));
    } else if (t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.Utf8View) {
      return string(random.nextInt(4) == 0 ? 13 + random.nextInt(20) : random.nextInt(13));
    }
    throw new IllegalArgumentException("not a primitive type: " + t);
  }

  private byte[] bytes(int n) {
    byte[] b = new byte[n];
    random.nextBytes(b);
    return b;
  }

  private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789 _-éüß€中文😀";

  private String string(int n) {
    StringBuilder sb = new StringBuilder();
    int[] cps = ALPHABET.codePoints().toArray();
    for (int i = 0; i < n; i++) {
      sb.appendCodePoint(cps[random.nextInt(cps.length)]);
    }
    return sb.toString();
  }
}
