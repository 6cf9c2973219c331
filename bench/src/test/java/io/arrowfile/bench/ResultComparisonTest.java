package io.arrowfile.bench;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;

class ResultComparisonTest {

  @Test
  void sameRowsInAnotherOrderAreTheSame() {
    List<Row> a = List.of(RowFactory.create("x", 1L, new BigDecimal("1.50")), RowFactory.create("y", 2L, null));
    List<Row> b = List.of(RowFactory.create("y", 2L, null), RowFactory.create("x", 1L, new BigDecimal("1.50")));
    assertNull(ResultComparison.compare(a, b));
  }

  @Test
  void doublesMayDifferInTheirLastBits() {
    List<Row> a = List.of(RowFactory.create("x", 0.1 + 0.2), RowFactory.create("y", 1e9 / 3));
    List<Row> b = List.of(RowFactory.create("y", 1e9 / 3 * (1 + 1e-12)), RowFactory.create("x", 0.3));
    assertNull(ResultComparison.compare(a, b));
  }

  @Test
  void aDifferentValueOrCountIsReported() {
    List<Row> a = List.of(RowFactory.create("x", 1.0), RowFactory.create("y", 2.0));
    String diff = ResultComparison.compare(a, List.of(RowFactory.create("x", 1.0), RowFactory.create("y", 2.1)));
    assertTrue(diff.contains("[y,2.0] against [y,2.1]"), diff);
    assertTrue(ResultComparison.compare(a, a.subList(0, 1)).startsWith("2 rows against 1"));
    String dec = ResultComparison.compare(List.of(RowFactory.create(new BigDecimal("1.00"))),
        List.of(RowFactory.create(new BigDecimal("1.01"))));
    assertTrue(dec != null, "decimals are compared exactly");
  }
}
