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
    walk(executed, joins, dpp);
    return new PlanShape(joins, dpp[0]);
  }

  private static void walk(SparkPlan p, Map<String, Integer> joins, boolean[] dpp) {
    if (p instanceof AdaptiveSparkPlanExec a) {
      walk(a.executedPlan(), joins, dpp);
      return;
    }
    if (p instanceof QueryStageExec q) {
      walk(q.plan(), joins, dpp);
      return;
    }
    String name = p.nodeName();
    if (name.endsWith("Join")) {
      joins.merge(name, 1, Integer::sum);
    }
    if (!dpp[0] && p.simpleString(Integer.MAX_VALUE).toLowerCase().contains("dynamicpruningexpression")) {
      dpp[0] = true;
    }
    for (SparkPlan c : CollectionConverters.asJava(p.children())) {
      walk(c, joins, dpp);
    }
    for (SparkPlan s : CollectionConverters.asJava(p.subqueries())) {
      walk(s, joins, dpp);
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
