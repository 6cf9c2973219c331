package io.arrowfile.connector.files;

import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;

/**
 * The Hadoop configuration a scan ships to its tasks, broadcast once and reused by later scans for as long as
 * its properties stay the same.
 *
 * <p>Spark's file sources broadcast the configuration anew for every scan. Serialising its thousand-odd
 * properties and storing the blocks costs the driver about 10 ms per query, which is much of what a small query
 * costs. A snapshot of the properties is cheap (well under a millisecond) and decides reuse: a change made to
 * the session's settings, to {@code sparkContext.hadoopConfiguration} or in a read's options gives other
 * properties and so a new broadcast. The last few are kept, so that a query reading two tables with different
 * options does not broadcast each scan's again; a broadcast dropped from here is cleaned up by Spark's context
 * cleaner once no plan refers to it.
 */
public final class HadoopConfBroadcast {
  private static final int KEPT = 4;

  private record Entry(WeakReference<SparkContext> context, Map<String, String> properties,
      Broadcast<SerializableConfiguration> broadcast) {}

  /** Most recently used first. */
  private static final ArrayDeque<Entry> RECENT = new ArrayDeque<>();

  private HadoopConfBroadcast() {}

  /** A broadcast holding {@code conf}'s properties, for the tasks of a scan on {@code context}. */
  public static Broadcast<SerializableConfiguration> of(SparkContext context, Configuration conf) {
    Map<String, String> properties = properties(conf);
    synchronized (RECENT) {
      for (Iterator<Entry> it = RECENT.iterator(); it.hasNext(); ) {
        Entry e = it.next();
        SparkContext c = e.context().get();
        if (c == null || c.isStopped()) {
          it.remove();
        } else if (c == context && e.properties().equals(properties)) {
          it.remove();
          RECENT.addFirst(e);
          return e.broadcast();
        }
      }
    }
    // Broadcast outside the lock: it takes milliseconds and other sessions' scans need not wait for it.
    Broadcast<SerializableConfiguration> broadcast =
        JavaSparkContext.fromSparkContext(context).broadcast(new SerializableConfiguration(conf));
    synchronized (RECENT) {
      RECENT.addFirst(new Entry(new WeakReference<>(context), properties, broadcast));
      while (RECENT.size() > KEPT) {
        RECENT.removeLast();
      }
    }
    return broadcast;
  }

  /** What {@link SerializableConfiguration} ships: every property, as set (before variable expansion). */
  private static Map<String, String> properties(Configuration conf) {
    Map<String, String> properties = new HashMap<>();
    for (Map.Entry<String, String> e : conf) {
      properties.put(e.getKey(), e.getValue());
    }
    return properties;
  }
}
