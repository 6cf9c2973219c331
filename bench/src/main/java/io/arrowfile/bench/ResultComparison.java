package io.arrowfile.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Row;

/**
 * Whether two query results hold the same rows, as multisets: row order is not compared, since an
 * {@code ORDER BY} may leave ties in any order. (A {@code LIMIT} that cuts through such ties may keep different
 * rows; that is reported as a mismatch like any other.) Floating-point values may differ by a relative
 * {@value #TOLERANCE}: sums of doubles depend on the order tasks add them in.
 */
final class ResultComparison {
  private ResultComparison() {}

  static final double TOLERANCE = 1e-6;

  /** Null when {@code a} and {@code b} hold the same rows; otherwise what differs, with the first differing row. */
  static String compare(List<Row> a, List<Row> b) {
    if (a.size() != b.size()) {
      return a.size() + " rows against " + b.size();
    }
    List<Row> x = sorted(a);
    List<Row> y = sorted(b);
    for (int i = 0; i < x.size(); i++) {
      if (!same(x.get(i), y.get(i))) {
        return "row " + i + " of " + x.size() + " (sorted): " + x.get(i) + " against " + y.get(i);
      }
    }
    return null;
  }

  private static List<Row> sorted(List<Row> rows) {
    List<Row> s = new ArrayList<>(rows);
    // exact values first, then the floating-point ones: rows that differ only in a double's last bits sort alike
    s.sort(Comparator.comparing((Row r) -> key(r, false)).thenComparing(r -> key(r, true)));
    return s;
  }

  private static String key(Row r, boolean floats) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < r.length(); i++) {
      Object v = r.get(i);
      boolean isFloat = v instanceof Double || v instanceof Float;
      if (isFloat == floats) {
        sb.append(isFloat ? String.format(Locale.ROOT, "%.4e", ((Number) v).doubleValue()) : String.valueOf(v))
            .append('\u0001');
      }
    }
    return sb.toString();
  }

  private static boolean same(Row a, Row b) {
    if (a.length() != b.length()) {
      return false;
    }
    for (int i = 0; i < a.length(); i++) {
      Object u = a.get(i);
      Object v = b.get(i);
      if ((u instanceof Double || u instanceof Float) && (v instanceof Double || v instanceof Float)) {
        double p = ((Number) u).doubleValue();
        double q = ((Number) v).doubleValue();
        if (!(p == q || Double.isNaN(p) && Double.isNaN(q)
            || Math.abs(p - q) <= TOLERANCE * Math.max(Math.abs(p), Math.abs(q)))) {
          return false;
        }
      } else if (u == null ? v != null : !u.equals(v)) {
        return false;
      }
    }
    return true;
  }
}
