package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/** How the predicates of Spark's runtime filters become file pruning and batch skipping. */
class RuntimeFilterTest {
  static final StructType PARTITIONS = new StructType().add("day", DataTypes.IntegerType)
      .add("region", DataTypes.StringType);
  static final StructType DATA = new StructType().add("amount", DataTypes.LongType)
      .add("name", DataTypes.StringType)
      .add("st", new StructType().add("x", DataTypes.IntegerType));

  static Predicate in(String column, Object... values) {
    Expression[] children = new Expression[values.length + 1];
    children[0] = Expressions.column(column);
    for (int i = 0; i < values.length; i++) {
      children[i + 1] = literal(values[i]);
    }
    return new Predicate("IN", children);
  }

  /** A literal as Spark's runtime filters carry it: Catalyst's internal value and its type. */
  static LiteralValue<?> literal(Object v) {
    if (v instanceof String s) {
      return new LiteralValue<>(UTF8String.fromString(s), DataTypes.StringType);
    }
    return new LiteralValue<>(v, v instanceof Long ? DataTypes.LongType : DataTypes.IntegerType);
  }

  static RuntimeFilter of(Predicate... predicates) {
    return RuntimeFilter.of(predicates, PARTITIONS, DATA, false);
  }

  static GenericInternalRow partition(int day, String region) {
    return new GenericInternalRow(new Object[] {day, UTF8String.fromString(region)});
  }

  @Test
  void offersPartitionColumnsAndDataColumnsWithStatistics() {
    NamedReference[] refs = RuntimeFilter.attributes(PARTITIONS, DATA);
    assertEquals("[day, region, amount, name]", Arrays.toString(refs), "no struct: it has no statistics");
  }

  @Test
  void partitionPredicatesChooseFiles() {
    RuntimeFilter f = of(in("day", 3, 1), new Predicate("=", new Expression[] {Expressions.column("REGION"),
        literal("r1")}));
    assertTrue(f.prunesFiles());
    assertTrue(f.keeps(partition(1, "r1")));
    assertFalse(f.keeps(partition(2, "r1")));
    assertFalse(f.keeps(partition(3, "r2")));
    assertFalse(f.keeps(new GenericInternalRow(new Object[] {null, UTF8String.fromString("r1")})), "null is in no set");
    assertEquals(0, f.withDataFilters(new Filter[0]).length);

    RuntimeFilter narrower = f.and(of(in("day", 3)));
    assertFalse(narrower.keeps(partition(1, "r1")));
    assertTrue(narrower.keeps(partition(3, "r1")));
  }

  @Test
  void dataPredicatesBecomeSortedFiltersForBatchSkipping() {
    RuntimeFilter f = of(in("amount", 30L, 10L, 20L));
    assertFalse(f.prunesFiles());
    assertTrue(f.keeps(partition(9, "any")));
    Filter pushed = new In("name", new Object[] {"a"});
    Filter[] all = f.withDataFilters(new Filter[] {pushed});
    assertEquals(2, all.length);
    assertEquals(pushed, all[0]);
    assertArrayEquals(new Object[] {10L, 20L, 30L}, ((In) all[1]).values());
    assertEquals("b", ((In) of(in("name", "b")).withDataFilters(new Filter[0])[0]).values()[0], "strings as Java's");
  }

  @Test
  void whatIsNotUnderstoodIsDropped() {
    // a literal of another type than the column's, an unknown predicate, a column the scan does not read
    RuntimeFilter f = of(in("day", 1L), new Predicate("STARTS_WITH", new Expression[] {Expressions.column("name"),
        literal("x")}), in("missing", 1), in("st", 1));
    assertFalse(f.prunesFiles());
    assertEquals(0, f.withDataFilters(new Filter[0]).length);
    assertTrue(f.keeps(partition(5, "r5")));
  }
}
