package io.arrowfile.bench;

import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What the executed plan of a query chose, in the terms that make two formats' times comparable or not: how
 * many joins of each kind ({@code BroadcastHashJoin}, {@code SortMergeJoin}, …) and whether a scan got a dynamic
 * partition pruning filter ({@code dynamicpruningexpression}). Reads adaptive execution's final plan, its query
 * stages and the plans of subqueries; a reused exchange is a leaf (its joins ran once, where it was first used).
 */
record PlanShape(Map<String, Integer> joins, boolean dynamicPruning) {

  static PlanShape of(SparkPlan executed) {
    Map<String, Integer> joins = new TreeMap<>();
    boolean[] dpp = {false};
    visit(executed, p -> {
      String name = p.nodeName();
      if (name.endsWith("Join")) {
        joins.merge(name, 1, Integer::sum);
      }
      if (!dpp[0] && p.simpleString(Integer.MAX_VALUE).toLowerCase().contains("dynamicpruningexpression")) {
        dpp[0] = true;
      }
    });
    return new PlanShape(joins, dpp[0]);
  }

  /**
   * Files and partitions (directories of a partitioned table) the scans of an executed plan read, after static and
   * dynamic pruning, summed over its scans: Parquet's {@code FileSourceScanExec} counts them in its driver metrics
   * {@code numFiles} and {@code numPartitions}, arrowfile's scan in {@code filesPlanned} and {@code
   * partitionsPlanned} (ScanMetrics.Planned). Walks what {@link #of} walks.
   */
  record Reads(long files, long partitions) {
    static Reads of(SparkPlan executed) {
      long[] sums = new long[2];
      visit(executed, p -> {
        scala.collection.immutable.Map<String, org.apache.spark.sql.execution.metric.SQLMetric> m = p.metrics();
        sums[0] += value(m, "numFiles") + value(m, "filesPlanned");
        sums[1] += value(m, "numPartitions") + value(m, "partitionsPlanned");
      });
      return new Reads(sums[0], sums[1]);
    }

    private static long value(scala.collection.immutable.Map<String, org.apache.spark.sql.execution.metric.SQLMetric> m,
        String name) {
      return m.contains(name) ? m.apply(name).value() : 0;
    }
  }

  /** Every operator of the final plan, its query stages and its subqueries; a reused exchange's plan is not entered. */
  static void visit(SparkPlan p, java.util.function.Consumer<SparkPlan> f) {
    if (p instanceof AdaptiveSparkPlanExec a) {
      visit(a.executedPlan(), f);
      return;
    }
    if (p instanceof QueryStageExec q) {
      visit(q.plan(), f);
      return;
    }
    f.accept(p);
    for (SparkPlan c : CollectionConverters.asJava(p.children())) {
      visit(c, f);
    }
    for (SparkPlan s : CollectionConverters.asJava(p.subqueries())) {
      visit(s, f);
    }
  }

  /** {@code BHJ 3, SMJ 1, DPP}: the joins abbreviated by their capitals. */
  String brief() {
    StringBuilder sb = new StringBuilder();
    joins.forEach((k, v) -> sb.append(sb.length() > 0 ? ", " : "").append(k.replaceAll("[^A-Z]", "")).append(' ')
        .append(v));
    if (dynamicPruning) {
      sb.append(sb.length() > 0 ? ", " : "").append("DPP");
    }
    return sb.length() == 0 ? "no join" : sb.toString();
  }
}
