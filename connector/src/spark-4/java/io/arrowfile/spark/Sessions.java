package io.arrowfile.spark;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.internal.SQLConf;

/**
 * What the connector reads from a session that is not on the public {@code SparkSession} API. Spark 4 moved
 * {@code sessionState} and {@code leafNodeDefaultParallelism} to {@code sql.classic.SparkSession}, which every
 * session a data source sees is; Spark 3.5's copy reads them from {@code sql.SparkSession} itself.
 */
public final class Sessions {
  private Sessions() {}

  private static org.apache.spark.sql.classic.SparkSession classic(SparkSession session) {
    return (org.apache.spark.sql.classic.SparkSession) session;
  }

  public static SQLConf conf(SparkSession session) {
    return classic(session).sessionState().conf();
  }

  public static int leafNodeDefaultParallelism(SparkSession session) {
    return classic(session).leafNodeDefaultParallelism();
  }

  /** The session's Hadoop configuration with {@code options} on top. */
  public static Configuration newHadoopConf(SparkSession session, Map<String, String> options) {
    return classic(session).sessionState().newHadoopConfWithOptions(ScalaCollections.toMap(options));
  }
}
