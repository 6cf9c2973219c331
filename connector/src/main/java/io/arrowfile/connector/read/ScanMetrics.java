package io.arrowfile.connector.read;

import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The custom scan metrics of arrowfile's DSv2 scan (shown on the scan node in the SQL tab): the per-partition
 * counters the tasks report, and the driver's count of the files it planned ({@link Planned}). Spark sets (not
 * adds) a task's metric to the reader's current values, so the counters are cumulative over every file of the
 * partition. The metric classes are instantiated by name on the driver to aggregate values: they must stay public
 * with a public no-argument constructor.
 */
public final class ScanMetrics {
  public static final String BATCHES_READ = "batchesRead";
  public static final String BATCHES_SKIPPED = "batchesSkipped";
  public static final String BYTES_READ = "bytesRead";
  public static final String FILES_READ = "filesRead";
  public static final String FILES_PLANNED = "filesPlanned";
  public static final String PARTITIONS_PLANNED = "partitionsPlanned";
  public static final String FILES_PRUNED = "filesPrunedAtRuntime";
  public static final String PARTITIONS_PRUNED = "partitionsPrunedAtRuntime";

  /** Record batches decoded and returned. */
  public long batchesRead;
  /** Record batches of the scanned splits that the statistics ruled out. */
  public long batchesSkipped;
  /** Bytes of the record batch messages read (for column-pruned remote reads: bytes fetched). */
  public long bytesRead;
  /** Files opened, each counted once: by the split that starts at the file's beginning. */
  public long filesRead;

  public static CustomMetric[] supported() {
    return new CustomMetric[] {new BatchesRead(), new BatchesSkipped(), new BytesRead(), new FilesRead(),
        new FilesPlanned(), new PartitionsPlanned(), new FilesPruned(), new PartitionsPruned()};
  }

  public CustomTaskMetric[] values() {
    return new CustomTaskMetric[] {task(BATCHES_READ, batchesRead), task(BATCHES_SKIPPED, batchesSkipped),
        task(BYTES_READ, bytesRead), task(FILES_READ, filesRead)};
  }

  /**
   * What the driver planned, after any runtime filter ({@code ArrowScan.filter}): files and partitions (directories
   * of a partitioned table; 0 for an unpartitioned one) to read, and those the runtime filters took away. Spark posts
   * these once, when the scan's job is set up ({@code Scan.reportDriverMetrics}, Spark 3.4 on).
   */
  public record Planned(long files, long partitions, long filesPruned, long partitionsPruned) {
    public CustomTaskMetric[] values() {
      return new CustomTaskMetric[] {task(FILES_PLANNED, files), task(PARTITIONS_PLANNED, partitions),
          task(FILES_PRUNED, filesPruned), task(PARTITIONS_PRUNED, partitionsPruned)};
    }
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

  /**
   * A summed metric with its name and description: Spark instantiates each subclass by name, with no arguments,
   * on the driver.
   */
  public abstract static class Sum extends CustomSumMetric {
    private final String name;
    private final String description;

    Sum(String name, String description) {
      this.name = name;
      this.description = description;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String description() {
      return description;
    }
  }

  public static final class BatchesRead extends Sum {
    public BatchesRead() {
      super(BATCHES_READ, "record batches read");
    }
  }

  public static final class BatchesSkipped extends Sum {
    public BatchesSkipped() {
      super(BATCHES_SKIPPED, "record batches skipped by statistics");
    }
  }

  public static final class BytesRead extends Sum {
    public BytesRead() {
      super(BYTES_READ, "record batch bytes read");
    }
  }

  public static final class FilesRead extends Sum {
    public FilesRead() {
      super(FILES_READ, "files read");
    }
  }

  public static final class FilesPlanned extends Sum {
    public FilesPlanned() {
      super(FILES_PLANNED, "files planned");
    }
  }

  public static final class PartitionsPlanned extends Sum {
    public PartitionsPlanned() {
      super(PARTITIONS_PLANNED, "partitions planned");
    }
  }

  public static final class FilesPruned extends Sum {
    public FilesPruned() {
      super(FILES_PRUNED, "files pruned by runtime filters");
    }
  }

  public static final class PartitionsPruned extends Sum {
    public PartitionsPruned() {
      super(PARTITIONS_PRUNED, "partitions pruned by runtime filters");
    }
  }
}
