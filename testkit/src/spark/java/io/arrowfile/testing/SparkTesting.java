package io.arrowfile.testing;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import io.arrowfile.spark.ScalaCollections;

/** The Spark session and error helpers the Spark tests share. */
public final class SparkTesting {
  private SparkTesting() {}

  /**
   * Write options for files laid out plainly: uncompressed, no dictionary encoding (the defaults are zstd and
   * {@code dictionary=auto}). For tests that measure bytes or splits, or damage bytes at known places.
   */
  public static final java.util.Map<String, String> PLAIN = java.util.Map.of("compression", "none", "dictionary",
      "never");

  /** A {@code local[2]} session: no UI, two shuffle partitions, UTC, then {@code conf} as key, value pairs. */
  public static SparkSession local(String appName, String... conf) {
    return session("local[2]", appName, conf);
  }

  /** A session on {@code master} configured as {@link #local}. */
  public static SparkSession session(String master, String appName, String... conf) {
    SparkSession.Builder b = SparkSession.builder()
        .master(master)
        .appName(appName)
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.session.timeZone", "UTC");
    for (int i = 0; i + 1 < conf.length; i += 2) {
      b.config(conf[i], conf[i + 1]);
    }
    return b.getOrCreate();
  }

  /** {@code t} and its causes, one per line (class and message): what assertions on an error search. */
  public static String messages(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      sb.append(c).append('\n');
    }
    return sb.toString();
  }

  /** The SQL metrics of {@code df}'s one arrowfile scan (batches read and skipped, bytes...: ScanMetrics). */
  public static java.util.Map<String, org.apache.spark.sql.execution.metric.SQLMetric> scanMetrics(
      Dataset<Row> df) {
    List<SparkPlan> scans = batchScans(df);
    if (scans.size() != 1) {
      throw new AssertionError(scans.size() + " scans, expected 1: " + df.queryExecution().executedPlan());
    }
    return ScalaCollections.toJava(scans.get(0).metrics());
  }

  /**
   * The {@code BatchScan} nodes of {@code df}'s executed plan, in plan order. Looks through adaptive query
   * execution's wrapper and query stages, which {@code SparkPlan.collect} treats as leaves.
   */
  public static List<SparkPlan> batchScans(Dataset<Row> df) {
    List<SparkPlan> out = new ArrayList<>();
    collectBatchScans(df.queryExecution().executedPlan(), out);
    return out;
  }

  private static void collectBatchScans(SparkPlan p, List<SparkPlan> out) {
    if (p instanceof AdaptiveSparkPlanExec a) {
      collectBatchScans(a.executedPlan(), out);
    } else if (p instanceof QueryStageExec q) {
      collectBatchScans(q.plan(), out);
    } else {
      if (p.nodeName().startsWith("BatchScan")) {
        out.add(p);
      }
      for (SparkPlan child : ScalaCollections.toJava(p.children())) {
        collectBatchScans(child, out);
      }
    }
  }
}
