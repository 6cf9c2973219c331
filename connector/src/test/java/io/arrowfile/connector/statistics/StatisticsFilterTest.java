package io.arrowfile.connector.statistics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.statistics.FileStatistics;
import io.arrowfile.connector.statistics.StatisticsFilter;
import io.arrowfile.connector.statistics.StatisticsJson;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;
import org.junit.jupiter.api.Test;

/** The statistics JSON parser and the batch-skipping decisions, without Spark. */
class StatisticsFilterTest {
  static final Schema SCHEMA = Schema.of(Field.nullable("i", ArrowType.Int.INT64),
      Field.nullable("s", new ArrowType.Utf8()), Field.nullable("f", new ArrowType.FloatingPoint(Precision.SINGLE)),
      Field.nullable("d", new ArrowType.FloatingPoint(Precision.DOUBLE)));

  /** Batch 0: i 10..20, s "b".."d", f 0.1f, d -0.0; batch 1: all null; batch 2: NaNs, truncated strings. */
  static final String JSON = "{\"version\":1,\"columns\":[{\"name\":\"i\",\"type\":\"int64\"},"
      + "{\"name\":\"s\",\"type\":\"utf8\"},{\"name\":\"f\",\"type\":\"float32\"},{\"name\":\"d\",\"type\":\"float64\"}],"
      + "\"batches\":["
      + "{\"rows\":5,\"columns\":[{\"nullCount\":0,\"min\":10,\"max\":20},{\"nullCount\":1,\"min\":\"b\",\"max\":\"d\"},"
      + "{\"nullCount\":0,\"min\":0.1,\"max\":0.1},{\"nullCount\":0,\"min\":-0.0,\"max\":-0.0}]},"
      + "{\"rows\":3,\"columns\":[{\"nullCount\":3},{\"nullCount\":3},{\"nullCount\":3},{\"nullCount\":3}]},"
      + "{\"rows\":4,\"columns\":[{\"nullCount\":0,\"min\":30,\"max\":40},"
      + "{\"nullCount\":0,\"min\":\"x\\u00e9\",\"minTruncated\":true,\"max\":\"y\",\"maxTruncated\":true},"
      + "{\"nullCount\":0,\"nanCount\":2,\"min\":1.0,\"max\":2.0},{\"nullCount\":0,\"min\":\"-Infinity\",\"max\":5}]}]}";

  static final FileStatistics STATS = FileStatistics.of(SCHEMA, Map.of(FileStatistics.KEY, JSON), 3);

  static boolean[] may(Filter... filters) {
    StatisticsFilter f = StatisticsFilter.bind(filters, STATS, false);
    boolean[] r = new boolean[3];
    for (int b = 0; b < 3; b++) {
      r[b] = f == null || f.mayMatch(b);
    }
    return r;
  }

  static void assertMay(String expected, Filter filter, String why) {
    boolean[] r = may(filter);
    StringBuilder sb = new StringBuilder();
    for (boolean x : r) {
      sb.append(x ? 'y' : 'n');
    }
    assertEquals(expected, sb.toString(), why);
  }

  static void assertMay(String expected, Filter... filters) {
    boolean[] r = may(filters);
    StringBuilder sb = new StringBuilder();
    for (boolean x : r) {
      sb.append(x ? 'y' : 'n');
    }
    assertEquals(expected, sb.toString(), java.util.Arrays.toString(filters));
  }

  @Test
  void parsesJson() {
    @SuppressWarnings("unchecked")
    Map<String, Object> m = (Map<String, Object>) StatisticsJson.parse(
        "{\"a\":[1,-2.5e3,\"x\\\"\\u0041\",true,null],\"b\":{},\"big\":123456789012345678901234}");
    assertEquals(List.of(1L, new java.math.BigDecimal("-2.5e3"), "x\"A", true), ((List<?>) m.get("a")).subList(0, 4));
    assertNull(((List<?>) m.get("a")).get(4));
    assertEquals(new java.math.BigDecimal("123456789012345678901234"), m.get("big"));
    assertNull(FileStatistics.of(SCHEMA, Map.of(FileStatistics.KEY, "{\"version\":1,"), 3));
    assertNull(FileStatistics.of(SCHEMA, Map.of(FileStatistics.KEY, JSON), 2), "batch count must agree");
    assertEquals(12, STATS.totalRows());
  }

  @Test
  void comparisons() {
    assertMay("ynn", new EqualTo("i", 15L));
    assertMay("nnn", new EqualTo("i", 25L));
    assertMay("nny", new GreaterThan("i", 20L));
    assertMay("ynn", new LessThan("i", 11L));
    assertMay("yny", new In("i", new Object[] {12L, 35L}));
    assertMay("ynn", new In("I", new Object[] {12L, null}));
    assertMay("yyy", new EqualTo("i", "not a long")); // unexpected literal class: no decision
    assertMay("yyy", new EqualTo("missing", 1L));
  }

  /** A runtime filter from a join is an IN of thousands of values: one binary search per batch decides it. */
  @Test
  void largeInSetsAreDecidedByTheirValuesBetweenMinAndMax() {
    Object[] evens = new Object[20_000];
    for (int k = 0; k < evens.length; k++) {
      evens[k] = (long) (evens.length - k) * 2 + 100; // 102..40100, unsorted
    }
    assertMay("nnn", new In("i", evens), "no value in 10..20 or 30..40");
    Object[] withOne = java.util.Arrays.copyOf(evens, evens.length + 1);
    withOne[evens.length] = 34L;
    assertMay("nny", new In("i", withOne));
    withOne[evens.length] = 10L; // min of batch 0
    assertMay("ynn", new In("i", withOne));
    assertMay("nnn", new In("i", new Object[0]), "IN () is never true");
    assertMay("yny", new Not(new In("i", new Object[] {10L, 11L})), "batch 0 may hold 12, batch 2 holds no 10");
    // strings (truncated bounds in batch 2) decide as the ORed equalities do
    assertEquals(java.util.Arrays.toString(may(new Or(new EqualTo("s", "c"), new Or(new EqualTo("s", "xz"),
        new EqualTo("s", "zz"))))), java.util.Arrays.toString(may(new In("s", new Object[] {"zz", "c", "xz"}))));
    assertMay("yyy", new In("s", new Object[] {"c", 3L}), "a literal of the wrong class: no decision");
  }

  @Test
  void nullsAndThreeValuedNot() {
    assertMay("yyn", new IsNull("s"));
    assertMay("yny", new IsNotNull("i"));
    // NOT (i > 5): batch 1 is all null (NULL, never TRUE), batches 0 and 2 are all > 5.
    assertMay("nnn", new Not(new GreaterThan("i", 5L)));
    assertMay("nyn", new Not(new IsNotNull("i")));
    assertMay("yny", new Or(new EqualTo("i", 10L), new EqualTo("i", 40L)));
  }

  @Test
  void stringsCompareAsUtf8AndTruncatedBoundsStaySound() {
    assertMay("ynn", new EqualTo("s", "c"));
    assertMay("nnn", new EqualTo("s", "a"));
    // min "xé" is a prefix of the real min: "xé..." may exist, "x" (below it) may not
    assertMay("nny", new EqualTo("s", "x\u00e9zzz"));
    assertMay("nnn", new EqualTo("s", "x"));
    // max "y" is an incremented prefix, strictly above every value; used as an inclusive bound (conservative)
    assertMay("nny", new EqualTo("s", "y"));
    assertMay("nnn", new EqualTo("s", "yz"));
    assertMay("yny", new LessThan("s", "y"));
    // code point order, not UTF-16 order: U+10000 sorts above U+FFFD
    assertMay("nnn", new GreaterThan("s", "\uD800\uDC00"));
  }

  @Test
  void floatingPoint() {
    assertMay("ynn", new EqualTo("f", 0.1f)); // the float 0.1f, not the double 0.1
    assertMay("yny", new EqualTo("d", 0.0)); // -0.0 = 0.0 in SQL
    assertMay("nny", new GreaterThan("f", 100f)); // batch 2 has NaN, greater than everything
    assertMay("yyy", new EqualTo("f", Float.NaN));
    assertMay("nny", new LessThan("d", -1e300));
  }

  @Test
  void noFilterNoStatistics() {
    assertNull(StatisticsFilter.bind(new Filter[0], STATS, false));
    assertNull(StatisticsFilter.bind(new Filter[] {new EqualTo("i", 1L)}, null, false));
    assertFalse(may(new EqualTo("i", 1L))[0]);
    assertTrue(may(new EqualTo("i", 10L))[0]);
  }
}
