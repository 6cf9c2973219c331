package io.arrowfile.columnar.type;

import java.util.Arrays;

/**
 * A logical type of the Arrow columnar format, named as in the specification ({@code Schema.fbs}).
 * Child types of nested types live on the {@link Field}'s children, as in the format's metadata.
 */
public sealed interface ArrowType {

  /** The physical layout values of this type are stored with. */
  Layout layout();

  /** Bytes per value for {@link Layout#FIXED_WIDTH} types; 0 for the others. */
  default int byteWidth() {
    return 0;
  }

  /** Whether the type has children in its {@link Field}. */
  default boolean isNested() {
    return switch (layout()) {
      case LIST, LARGE_LIST, LIST_VIEW, LARGE_LIST_VIEW, FIXED_SIZE_LIST, STRUCT, SPARSE_UNION,
          DENSE_UNION, RUN_END_ENCODED -> true;
      default -> false;
    };
  }

  record Null() implements ArrowType {
    public Layout layout() { return Layout.NULL; }
    @Override public String toString() { return "null"; }
  }

  record Bool() implements ArrowType {
    public Layout layout() { return Layout.BOOL; }
    @Override public String toString() { return "bool"; }
  }

  record Int(int bitWidth, boolean signed) implements ArrowType {
    public static final Int INT8 = new Int(8, true);
    public static final Int INT16 = new Int(16, true);
    public static final Int INT32 = new Int(32, true);
    public static final Int INT64 = new Int(64, true);
    public static final Int UINT8 = new Int(8, false);
    public static final Int UINT16 = new Int(16, false);
    public static final Int UINT32 = new Int(32, false);
    public static final Int UINT64 = new Int(64, false);

    public Int {
      if (bitWidth != 8 && bitWidth != 16 && bitWidth != 32 && bitWidth != 64) {
        throw new IllegalArgumentException("Int bitWidth must be 8, 16, 32 or 64, not " + bitWidth);
      }
    }
    public Layout layout() { return Layout.FIXED_WIDTH; }
    @Override public int byteWidth() { return bitWidth / 8; }
    @Override public String toString() { return (signed ? "int" : "uint") + bitWidth; }
  }

  record FloatingPoint(Precision precision) implements ArrowType {
    public Layout layout() { return Layout.FIXED_WIDTH; }
    @Override public int byteWidth() { return precision.byteWidth(); }
    @Override public String toString() { return "float" + precision.byteWidth() * 8; }
  }

  /** Two's complement little-endian decimal of 32, 64, 128 or 256 bits. */
  record Decimal(int precision, int scale, int bitWidth) implements ArrowType {
    public Decimal {
      if (bitWidth != 32 && bitWidth != 64 && bitWidth != 128 && bitWidth != 256) {
        throw new IllegalArgumentException("Decimal bitWidth must be 32, 64, 128 or 256, not " + bitWidth);
      }
    }
    public Layout layout() { return Layout.FIXED_WIDTH; }
    @Override public int byteWidth() { return bitWidth / 8; }
    @Override public String toString() { return "decimal" + bitWidth + "(" + precision + ", " + scale + ")"; }
  }

  record Date(DateUnit unit) implements ArrowType {
    public Layout layout() { return Layout.FIXED_WIDTH; }
    @Override public int byteWidth() { return unit == DateUnit.DAY ? 4 : 8; }
    @Override public String toString() { return unit == DateUnit.DAY ? "date32" : "date64"; }
  }

  /** Time of day: Int32 for seconds and milliseconds, Int64 for microseconds and nanoseconds. */
  record Time(TimeUnit unit, int bitWidth) implements ArrowType {
    public Time {
      if (bitWidth != 32 && bitWidth != 64) {
        throw new IllegalArgumentException("Time bitWidth must be 32 or 64, not " + bitWidth);
      }
    }
    public Layout layout() { return Layout.FIXED_WIDTH; }
    @Override public int byteWidth() { return bitWidth / 8; }
    @Override public String toString() { return "time" + bitWidth + "[" + unit + "]"; }
  }

  /** Int64 since the UNIX epoch; {@code timezone} null means a naive (wall clock) timestamp. */
  record Timestamp(TimeUnit unit, String timezone) implements ArrowType {
    public Layout layout() { return Layout.FIXED_WIDTH; }
    @Override public int byteWidth() { return 8; }
    @Override public String toString() {
      return "timestamp[" + unit + (timezone == null ? "" : ", " + timezone) + "]";
    }
  }

  record Duration(TimeUnit unit) implements ArrowType {
    public Layout layout() { return Layout.FIXED_WIDTH; }
    @Override public int byteWidth() { return 8; }
    @Override public String toString() { return "duration[" + unit + "]"; }
  }

  record Interval(IntervalUnit unit) implements ArrowType {
    public Layout layout() { return Layout.FIXED_WIDTH; }
    @Override public int byteWidth() {
      return switch (unit) {
        case YEAR_MONTH -> 4;
        case DAY_TIME -> 8;
        case MONTH_DAY_NANO -> 16;
      };
    }
    @Override public String toString() { return "interval[" + unit + "]"; }
  }

  record FixedSizeBinary(int byteWidth) implements ArrowType {
    public FixedSizeBinary {
      if (byteWidth < 0) {
        throw new IllegalArgumentException("FixedSizeBinary byteWidth must not be negative: " + byteWidth);
      }
    }
    public Layout layout() { return Layout.FIXED_WIDTH; }
    @Override public String toString() { return "fixed_size_binary[" + byteWidth + "]"; }
  }

  record Binary() implements ArrowType {
    public Layout layout() { return Layout.VARIABLE_BINARY; }
    @Override public String toString() { return "binary"; }
  }

  record Utf8() implements ArrowType {
    public Layout layout() { return Layout.VARIABLE_BINARY; }
    @Override public String toString() { return "utf8"; }
  }

  record LargeBinary() implements ArrowType {
    public Layout layout() { return Layout.LARGE_VARIABLE_BINARY; }
    @Override public String toString() { return "large_binary"; }
  }

  record LargeUtf8() implements ArrowType {
    public Layout layout() { return Layout.LARGE_VARIABLE_BINARY; }
    @Override public String toString() { return "large_utf8"; }
  }

  record BinaryView() implements ArrowType {
    public Layout layout() { return Layout.BINARY_VIEW; }
    @Override public String toString() { return "binary_view"; }
  }

  record Utf8View() implements ArrowType {
    public Layout layout() { return Layout.BINARY_VIEW; }
    @Override public String toString() { return "utf8_view"; }
  }

  record List() implements ArrowType {
    public Layout layout() { return Layout.LIST; }
    @Override public String toString() { return "list"; }
  }

  record LargeList() implements ArrowType {
    public Layout layout() { return Layout.LARGE_LIST; }
    @Override public String toString() { return "large_list"; }
  }

  record ListView() implements ArrowType {
    public Layout layout() { return Layout.LIST_VIEW; }
    @Override public String toString() { return "list_view"; }
  }

  record LargeListView() implements ArrowType {
    public Layout layout() { return Layout.LARGE_LIST_VIEW; }
    @Override public String toString() { return "large_list_view"; }
  }

  record FixedSizeList(int listSize) implements ArrowType {
    public FixedSizeList {
      if (listSize < 0) {
        throw new IllegalArgumentException("FixedSizeList listSize must not be negative: " + listSize);
      }
    }
    public Layout layout() { return Layout.FIXED_SIZE_LIST; }
    @Override public String toString() { return "fixed_size_list[" + listSize + "]"; }
  }

  record Struct() implements ArrowType {
    public Layout layout() { return Layout.STRUCT; }
    @Override public String toString() { return "struct"; }
  }

  /** A list of non-null {@code entries} structs of {@code key} (non-null) and {@code value}. */
  record Map(boolean keysSorted) implements ArrowType {
    public Layout layout() { return Layout.LIST; }
    @Override public String toString() { return "map" + (keysSorted ? "[sorted]" : ""); }
  }

  /**
   * A union; {@code typeIds[i]} is the type id that selects child {@code i}. When the metadata gives no
   * type ids, child {@code i} has type id {@code i}.
   */
  record Union(UnionMode mode, int[] typeIds) implements ArrowType {
    public Union {
      typeIds = typeIds == null ? null : typeIds.clone();
    }
    @Override public int[] typeIds() { return typeIds == null ? null : typeIds.clone(); }
    public Layout layout() { return mode == UnionMode.SPARSE ? Layout.SPARSE_UNION : Layout.DENSE_UNION; }

    /** The type id of child {@code childIndex}. */
    public int typeIdOf(int childIndex) {
      return typeIds == null ? childIndex : typeIds[childIndex];
    }

    /** For each possible type id (0..127), the child index it selects, or -1. */
    public int[] childIndexByTypeId(int childCount) {
      int[] map = new int[128];
      Arrays.fill(map, -1);
      for (int i = 0; i < childCount; i++) {
        int id = typeIdOf(i);
        if (id >= 0 && id < 128) {
          map[id] = i;
        }
      }
      return map;
    }

    @Override public boolean equals(Object o) {
      return o instanceof Union u && u.mode == mode && Arrays.equals(u.typeIds, typeIds);
    }
    @Override public int hashCode() { return mode.hashCode() * 31 + Arrays.hashCode(typeIds); }
    @Override public String toString() {
      return mode.name().toLowerCase() + "_union" + (typeIds == null ? "" : Arrays.toString(typeIds));
    }
  }

  /** Children {@code run_ends} (Int16, Int32 or Int64, non-null) and {@code values}. */
  record RunEndEncoded() implements ArrowType {
    public Layout layout() { return Layout.RUN_END_ENCODED; }
    @Override public String toString() { return "run_end_encoded"; }
  }
}
