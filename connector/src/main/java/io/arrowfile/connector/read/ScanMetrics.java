package io.arrowfile.connector.read;

import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The custom scan metrics of arrowfile's DSv2 scan (shown on the scan node in the SQL tab), and the
 * per-partition counters behind them. Spark sets (not adds) a task's metric to the reader's current values, so
 * the counters are cumulative over every file of the partition. The metric classes are instantiated by name on
 * the driver to aggregate task values: they must stay public with a public no-argument constructor.
 */
public final class ScanMetrics {
  public static final String BATCHES_READ = "batchesRead";
  public static final String BATCHES_SKIPPED = "batchesSkipped";
  public static final String BYTES_READ = "bytesRead";

  /** Record batches decoded and returned. */
  public long batchesRead;
  /** Record batches of the scanned splits that the statistics ruled out. */
  public long batchesSkipped;
  /** Bytes of the record batch messages read (for column-pruned remote reads: bytes fetched). */
  public long bytesRead;

  public static CustomMetric[] supported() {
    return new CustomMetric[] {new BatchesRead(), new BatchesSkipped(), new BytesRead()};
  }

  public CustomTaskMetric[] values() {
    return new CustomTaskMetric[] {task(BATCHES_READ, batchesRead), task(BATCHES_SKIPPED, batchesSkipped),
        task(BYTES_READ, bytesRead)};
  }

  private static CustomTaskMetric task(String name, long value) {
    return new CustomTaskMetric() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long value() {
        return value;
      }
    };
  }

  public static final class BatchesRead extends CustomSumMetric {
    @Override
    public String name() {
      return BATCHES_READ;
    }

    @Override
    public String description() {
      return "record batches read";
    }
  }

  public static final class BatchesSkipped extends CustomSumMetric {
    @Override
    public String name() {
      return BATCHES_SKIPPED;
    }

    @Override
    public String description() {
      return "record batches skipped by statistics";
    }
  }

  public static final class BytesRead extends CustomSumMetric {
    @Override
    public String name() {
      return BYTES_READ;
    }

    @Override
    public String description() {
      return "record batch bytes read";
    }
  }
}
