package io.arrowfile.spark;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.internal.SQLConf;

/**
 * What the connector reads from a session that is not on the public {@code SparkSession} API: Spark 3.5's copy,
 * where {@code sessionState} and {@code leafNodeDefaultParallelism} are on {@code sql.SparkSession} itself (Spark
 * 4's copy casts to {@code sql.classic.SparkSession}, which 3.5 does not have).
 */
public final class Sessions {
  private Sessions() {}

  public static SQLConf conf(SparkSession session) {
    return session.sessionState().conf();
  }

  public static int leafNodeDefaultParallelism(SparkSession session) {
    return session.leafNodeDefaultParallelism();
  }

  /** The session's Hadoop configuration with {@code options} on top. */
  public static Configuration newHadoopConf(SparkSession session, Map<String, String> options) {
    return session.sessionState().newHadoopConfWithOptions(ScalaCollections.toMap(options));
  }
}
