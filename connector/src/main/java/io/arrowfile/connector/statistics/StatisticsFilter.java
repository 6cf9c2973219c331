package io.arrowfile.connector.statistics;

import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.statistics.FileStatistics.ColumnStats;
import io.arrowfile.connector.statistics.FileStatistics.Kind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.sql.sources.AlwaysFalse;
import org.apache.spark.sql.sources.AlwaysTrue;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;

/**
 * Decides from a batch's statistics whether a data filter can select any of its rows. Each filter is evaluated
 * to the set of outcomes (TRUE, FALSE, NULL) it may have over the batch, an over-approximation built bottom-up
 * (so that {@code Not} stays sound in SQL's three-valued logic); a batch is skipped only when TRUE is impossible.
 * Anything not understood (a filter kind, a column without statistics, a literal of an unexpected class) may
 * have every outcome. Spark re-applies every filter after the scan, so this only has to be sound, not exact.
 *
 * <p>The filters are bound to file columns once per file ({@link #bind}); {@link #mayMatch} is then a few
 * comparisons per batch.
 */
public final class StatisticsFilter {
  static final int TRUE = 1;
  static final int FALSE = 2;
  static final int NULL = 4;
  static final int ANY = TRUE | FALSE | NULL;

  private final FileStatistics stats;
  private final Node root;

  private StatisticsFilter(FileStatistics stats, Node root) {
    this.stats = stats;
    this.root = root;
  }

  /**
   * The filters (ANDed) bound to the columns of the file with {@code stats}; null when none of them can ever
   * rule out a batch (nothing to evaluate).
   */
  public static StatisticsFilter bind(Filter[] filters, FileStatistics stats, boolean caseSensitive) {
    if (stats == null || filters == null || filters.length == 0) {
      return null;
    }
    List<Node> nodes = new ArrayList<>();
    for (Filter f : filters) {
      Node n = compile(f, stats, caseSensitive);
      if (!(n instanceof Unknown)) {
        nodes.add(n);
      }
    }
    if (nodes.isEmpty()) {
      return null;
    }
    Node root = nodes.get(0);
    for (int i = 1; i < nodes.size(); i++) {
      root = new AndNode(root, nodes.get(i));
    }
    return new StatisticsFilter(stats, root);
  }

  /** Whether some row of record batch {@code batch} may satisfy the filters. */
  public boolean mayMatch(int batch) {
    return (root.eval(stats, batch) & TRUE) != 0;
  }

  // ------------------------------------------------------------------ compiled filter tree

  private interface Node {
    int eval(FileStatistics s, int batch);
  }

  private static final class Unknown implements Node {
    static final Unknown INSTANCE = new Unknown();

    @Override
    public int eval(FileStatistics s, int batch) {
      return ANY;
    }
  }

  private record Constant(int outcomes) implements Node {
    @Override
    public int eval(FileStatistics s, int batch) {
      return outcomes;
    }
  }

  private record AndNode(Node a, Node b) implements Node {
    @Override
    public int eval(FileStatistics s, int batch) {
      int x = a.eval(s, batch);
      if ((x & (TRUE | NULL)) == 0) {
        return FALSE;
      }
      int y = b.eval(s, batch);
      int r = 0;
      if ((x & TRUE) != 0 && (y & TRUE) != 0) {
        r |= TRUE;
      }
      if (((x | y) & FALSE) != 0) {
        r |= FALSE;
      }
      if (((x & NULL) != 0 && (y & (TRUE | NULL)) != 0) || ((y & NULL) != 0 && (x & (TRUE | NULL)) != 0)) {
        r |= NULL;
      }
      return r;
    }
  }

  private record OrNode(Node a, Node b) implements Node {
    @Override
    public int eval(FileStatistics s, int batch) {
      int x = a.eval(s, batch);
      int y = b.eval(s, batch);
      int r = 0;
      if (((x | y) & TRUE) != 0) {
        r |= TRUE;
      }
      if ((x & FALSE) != 0 && (y & FALSE) != 0) {
        r |= FALSE;
      }
      if (((x & NULL) != 0 && (y & (FALSE | NULL)) != 0) || ((y & NULL) != 0 && (x & (FALSE | NULL)) != 0)) {
        r |= NULL;
      }
      return r;
    }
  }

  private record NotNode(Node a) implements Node {
    @Override
    public int eval(FileStatistics s, int batch) {
      int x = a.eval(s, batch);
      return (x & NULL) | ((x & TRUE) != 0 ? FALSE : 0) | ((x & FALSE) != 0 ? TRUE : 0);
    }
  }

  private enum Op { EQ, GT, GE, LT, LE, IS_NULL, IS_NOT_NULL }

  /** A comparison of a column with a literal already converted to the column's statistics class. */
  private record Leaf(int column, Op op, Comparable<Object> value, Kind kind) implements Node {
    @Override
    public int eval(FileStatistics s, int batch) {
      ColumnStats c = s.column(batch, column);
      if (c == null) {
        return ANY;
      }
      long values = s.rows(batch) - c.nullCount();
      if (op == Op.IS_NULL) {
        return (c.nullCount() > 0 ? TRUE : 0) | (values > 0 ? FALSE : 0);
      }
      if (op == Op.IS_NOT_NULL) {
        return (values > 0 ? TRUE : 0) | (c.nullCount() > 0 ? FALSE : 0);
      }
      int r = c.nullCount() > 0 ? NULL : 0;
      if (values <= 0) {
        return r;
      }
      Object min = c.min();
      Object max = c.max();
      if (c.nanCount() > 0) {
        // NaN is outside min/max and, in Spark, equal only to NaN (never a literal here) and above everything.
        r |= op == Op.GT || op == Op.GE ? TRUE : FALSE;
        if (values - c.nanCount() <= 0) {
          return r;
        }
      }
      if (min == null || max == null) {
        return r | TRUE | FALSE;
      }
      int lo = compare(min, value, kind);
      int hi = compare(max, value, kind);
      boolean mayTrue;
      boolean mayFalse;
      switch (op) {
        case EQ -> {
          mayTrue = lo <= 0 && hi >= 0;
          mayFalse = !(lo == 0 && hi == 0);
        }
        case GT -> {
          mayTrue = hi > 0;
          mayFalse = lo <= 0;
        }
        case GE -> {
          mayTrue = hi >= 0;
          mayFalse = lo < 0;
        }
        case LT -> {
          mayTrue = lo < 0;
          mayFalse = hi >= 0;
        }
        case LE -> {
          mayTrue = lo <= 0;
          mayFalse = hi > 0;
        }
        default -> {
          mayTrue = true;
          mayFalse = true;
        }
      }
      return r | (mayTrue ? TRUE : 0) | (mayFalse ? FALSE : 0);
    }
  }

  /** {@code column <=> value} for a non-null value: never NULL, FALSE for null rows. */
  private record NullSafeEq(Leaf eq) implements Node {
    @Override
    public int eval(FileStatistics s, int batch) {
      int x = eq.eval(s, batch);
      return (x & TRUE) | ((x & (FALSE | NULL)) != 0 ? FALSE : 0);
    }
  }

  /**
   * Compares a statistics bound with a literal of the same class. Doubles use the primitive operators so that
   * -0.0 equals 0.0 as in Spark SQL; strings compare by code point, which is UTF-8 byte order.
   */
  @SuppressWarnings("unchecked")
  static int compare(Object bound, Comparable<Object> value, Kind kind) {
    switch (kind) {
      case DOUBLE -> {
        double a = (Double) bound;
        double b = (Double) (Object) value;
        return a < b ? -1 : a > b ? 1 : 0;
      }
      case STRING -> {
        return compareCodePoints((String) bound, (String) (Object) value);
      }
      default -> {
        return ((Comparable<Object>) bound).compareTo(value) < 0 ? -1
            : ((Comparable<Object>) bound).compareTo(value) > 0 ? 1 : 0;
      }
    }
  }

  static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int x = a.codePointAt(i);
      int y = b.codePointAt(j);
      if (x != y) {
        return x < y ? -1 : 1;
      }
      i += Character.charCount(x);
      j += Character.charCount(y);
    }
    boolean aLeft = i < a.length();
    boolean bLeft = j < b.length();
    return aLeft == bLeft ? 0 : aLeft ? 1 : -1;
  }

  // ------------------------------------------------------------------ binding Spark filters

  private static Node compile(Filter f, FileStatistics s, boolean caseSensitive) {
    if (f instanceof And a) {
      return new AndNode(compile(a.left(), s, caseSensitive), compile(a.right(), s, caseSensitive));
    } else if (f instanceof Or o) {
      Node l = compile(o.left(), s, caseSensitive);
      Node r = compile(o.right(), s, caseSensitive);
      return l instanceof Unknown || r instanceof Unknown ? Unknown.INSTANCE : new OrNode(l, r);
    } else if (f instanceof Not n) {
      Node c = compile(n.child(), s, caseSensitive);
      return c instanceof Unknown ? Unknown.INSTANCE : new NotNode(c);
    } else if (f instanceof AlwaysTrue) {
      return new Constant(TRUE);
    } else if (f instanceof AlwaysFalse) {
      return new Constant(FALSE);
    } else if (f instanceof IsNull x) {
      return leaf(s, x.attribute(), Op.IS_NULL, null, caseSensitive, true);
    } else if (f instanceof IsNotNull x) {
      return leaf(s, x.attribute(), Op.IS_NOT_NULL, null, caseSensitive, true);
    } else if (f instanceof EqualTo x) {
      return leaf(s, x.attribute(), Op.EQ, x.value(), caseSensitive, false);
    } else if (f instanceof EqualNullSafe x) {
      if (x.value() == null) {
        return leaf(s, x.attribute(), Op.IS_NULL, null, caseSensitive, true);
      }
      Node eq = leaf(s, x.attribute(), Op.EQ, x.value(), caseSensitive, false);
      return eq instanceof Leaf l ? new NullSafeEq(l) : Unknown.INSTANCE;
    } else if (f instanceof GreaterThan x) {
      return leaf(s, x.attribute(), Op.GT, x.value(), caseSensitive, false);
    } else if (f instanceof GreaterThanOrEqual x) {
      return leaf(s, x.attribute(), Op.GE, x.value(), caseSensitive, false);
    } else if (f instanceof LessThan x) {
      return leaf(s, x.attribute(), Op.LT, x.value(), caseSensitive, false);
    } else if (f instanceof LessThanOrEqual x) {
      return leaf(s, x.attribute(), Op.LE, x.value(), caseSensitive, false);
    } else if (f instanceof In x) {
      return in(s, x, caseSensitive);
    }
    return Unknown.INSTANCE;
  }

  /**
   * {@code column IN (values)}: the values converted to the column's statistics class and sorted once per file, so
   * that a batch costs one binary search (the first value not below its min, compared with its max) however many
   * values there are: a runtime filter from a join can carry thousands.
   */
  @SuppressWarnings("unchecked")
  private static Node in(FileStatistics s, In in, boolean caseSensitive) {
    Object[] values = in.values();
    if (values.length == 0) {
      return new Constant(FALSE | NULL); // never TRUE, whichever way Spark treats null IN ()
    }
    int column = resolve(s.schema(), in.attribute(), caseSensitive);
    if (column < 0) {
      return Unknown.INSTANCE;
    }
    Field field = s.schema().field(column);
    Kind kind = s.kind(column);
    if (kind == Kind.STRING && field.metadata().containsKey("spark.type")) {
      return Unknown.INSTANCE; // as in leaf(): padding or collation semantics
    }
    Object[] converted = new Object[values.length];
    int n = 0;
    boolean hasNull = false;
    for (Object v : values) {
      if (v == null) {
        hasNull = true;
        continue;
      }
      Object c = literal(field, kind, v);
      if (c == null) {
        return Unknown.INSTANCE;
      }
      converted[n++] = c;
    }
    if (n == 0) {
      return new Constant(NULL);
    }
    Object[] sorted = java.util.Arrays.copyOf(converted, n);
    // TimSort: linear when the values come sorted, as ArrowScan's runtime filters hand them over.
    java.util.Arrays.sort(sorted, (a, b) -> compare(a, (Comparable<Object>) b, kind));
    Node set = new InSet(column, sorted, kind);
    // x IN (.., NULL) is NULL rather than FALSE for rows matching nothing: never TRUE there either.
    return hasNull ? new OrNode(set, new Constant(NULL)) : set;
  }

  /** {@code column IN (sorted)} for non-null values in the column's statistics class, ascending. */
  private record InSet(int column, Object[] sorted, Kind kind) implements Node {
    @Override
    @SuppressWarnings("unchecked")
    public int eval(FileStatistics s, int batch) {
      ColumnStats c = s.column(batch, column);
      if (c == null) {
        return ANY;
      }
      long values = s.rows(batch) - c.nullCount();
      int r = c.nullCount() > 0 ? NULL : 0;
      if (values <= 0) {
        return r;
      }
      if (c.nanCount() > 0) {
        r |= FALSE; // NaN is in no set of literals here (literal() refuses NaN)
        if (values - c.nanCount() <= 0) {
          return r;
        }
      }
      Object min = c.min();
      Object max = c.max();
      if (min == null || max == null) {
        return r | TRUE | FALSE;
      }
      // the first value of the set not below min
      int lo = 0;
      int hi = sorted.length;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (compare(sorted[mid], (Comparable<Object>) min, kind) < 0) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      boolean mayTrue = lo < sorted.length && compare(sorted[lo], (Comparable<Object>) max, kind) <= 0;
      // every value is the one set member only when min = max = that member
      boolean mayFalse = !(mayTrue && compare(min, (Comparable<Object>) max, kind) == 0
          && compare(sorted[lo], (Comparable<Object>) min, kind) == 0);
      return r | (mayTrue ? TRUE : 0) | (mayFalse ? FALSE : 0);
    }
  }

  @SuppressWarnings("unchecked")
  private static Node leaf(FileStatistics s, String attribute, Op op, Object literal, boolean caseSensitive,
      boolean nullTest) {
    int column = resolve(s.schema(), attribute, caseSensitive);
    if (column < 0) {
      return Unknown.INSTANCE;
    }
    if (nullTest) {
      return new Leaf(column, op, null, s.kind(column));
    }
    Field field = s.schema().field(column);
    Kind kind = s.kind(column);
    if (kind == Kind.STRING && field.metadata().containsKey("spark.type")) {
      // char/varchar (padding semantics) or a collated string: binary min/max do not order its comparisons.
      return Unknown.INSTANCE;
    }
    Object value = literal(field, kind, literal);
    if (value == null) {
      return Unknown.INSTANCE;
    }
    return new Leaf(column, op, (Comparable<Object>) value, kind);
  }

  /**
   * Top-level columns only: a name with a dot or backtick is a nested or quoted reference we do not resolve.
   * Resolved among the Spark names of the columns (repeated Arrow names made unique, as the schema was), so a
   * renamed column finds its own field and statistics by position.
   */
  private static int resolve(Schema schema, String attribute, boolean caseSensitive) {
    if (attribute.indexOf('.') >= 0 || attribute.indexOf('`') >= 0) {
      return -1;
    }
    return io.arrowfile.connector.types.ArrowToSpark.columnIndex(schema, attribute, caseSensitive);
  }

  /** The literal in the class the column's statistics compare in, or null when it cannot be converted exactly. */
  static Object literal(Field field, Kind kind, Object v) {
    if (v == null) {
      return null;
    }
    ArrowType t = field.type();
    switch (kind) {
      case LONG -> {
        if (t instanceof ArrowType.Int i) {
          if (!i.signed()) {
            return null; // unsigned columns are widened in Spark; their statistics are not ours
          }
          return v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte
              ? ((Number) v).longValue() : null;
        } else if (t instanceof ArrowType.Date) {
          if (v instanceof java.time.LocalDate d) {
            return (long) DateTimeUtils.localDateToDays(d);
          } else if (v instanceof java.sql.Date d) {
            return (long) DateTimeUtils.fromJavaDate(d);
          }
          return null;
        } else if (t instanceof ArrowType.Timestamp ts) {
          if (ts.timezone() != null) {
            if (v instanceof java.time.Instant x) {
              return DateTimeUtils.instantToMicros(x);
            } else if (v instanceof java.sql.Timestamp x) {
              return DateTimeUtils.fromJavaTimestamp(x);
            }
          } else if (v instanceof java.time.LocalDateTime x) {
            return DateTimeUtils.localDateTimeToMicros(x);
          }
          return null;
        }
        return null;
      }
      case DOUBLE -> {
        if (v instanceof Double || v instanceof Float) {
          double d = ((Number) v).doubleValue();
          return Double.isNaN(d) ? null : d;
        }
        return null;
      }
      case DECIMAL -> {
        if (v instanceof BigDecimal d) {
          return d;
        } else if (v instanceof org.apache.spark.sql.types.Decimal d) {
          return d.toJavaBigDecimal();
        }
        return null;
      }
      case STRING -> {
        return v instanceof String ? v : v instanceof org.apache.spark.unsafe.types.UTF8String u ? u.toString() : null;
      }
      case BOOLEAN -> {
        return v instanceof Boolean ? v : null;
      }
      default -> {
        return null;
      }
    }
  }
}
