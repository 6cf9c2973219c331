package io.arrowfile.connector.read;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.internal.Logging;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.FileSourceOptions;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.execution.datasources.FilePartition;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.datasources.PartitioningAwareFileIndex;
import org.apache.spark.sql.execution.datasources.v2.FileScan;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.util.SerializableConfiguration;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The V2 scan of Arrow files: columnar reads, files split along record batches, record batches skipped by
 * their footer statistics for the pushed filters, scan metrics ({@link ScanMetrics}).
 */
public final class ArrowScan implements FileScan {
  private final SparkSession session;
  private final PartitioningAwareFileIndex fileIndex;
  private final StructType dataSchema;
  private final StructType readDataSchema;
  private final StructType readPartitionSchema;
  private final CaseInsensitiveStringMap options;
  private final Seq<Expression> partitionFilters;
  private final Seq<Expression> dataFilters;
  private final Filter[] pushedFilters;
  /** Aggregates pushed into the scan (see {@link ArrowScanBuilder#pushAggregation}), or null. */
  private final Aggregation aggregation;
  /** With {@link #aggregation}: the scan's output, the group-by partition columns then one value per aggregate. */
  private final StructType aggregationSchema;
  /** With {@link #aggregation}: what each file computes. */
  private final PushedAggregate[] aggregates;
  private int maxMetadataValueLength;
  private boolean caseSensitive;
  private transient org.slf4j.Logger log;

  public ArrowScan(SparkSession session, PartitioningAwareFileIndex fileIndex, StructType dataSchema,
      StructType readDataSchema, StructType readPartitionSchema, CaseInsensitiveStringMap options,
      Seq<Expression> partitionFilters, Seq<Expression> dataFilters, Filter[] pushedFilters,
      Aggregation aggregation, StructType aggregationSchema, PushedAggregate[] aggregates) {
    this.session = session;
    this.fileIndex = fileIndex;
    this.dataSchema = dataSchema;
    this.readDataSchema = readDataSchema;
    this.readPartitionSchema = readPartitionSchema;
    this.options = options;
    this.partitionFilters = partitionFilters;
    this.dataFilters = dataFilters;
    this.pushedFilters = pushedFilters == null ? new Filter[0] : pushedFilters;
    this.aggregation = aggregation;
    this.aggregationSchema = aggregationSchema;
    this.aggregates = aggregates;
    Logging.$init$(this);
    FileScan.$init$(this);
  }

  @Override public SparkSession sparkSession() { return session; }
  @Override public PartitioningAwareFileIndex fileIndex() { return fileIndex; }
  @Override public StructType dataSchema() { return dataSchema; }
  @Override public StructType readDataSchema() { return readDataSchema; }
  @Override public StructType readPartitionSchema() { return readPartitionSchema; }
  @Override public Seq<Expression> partitionFilters() { return partitionFilters; }
  @Override public Seq<Expression> dataFilters() { return dataFilters; }

  /** Files split along record batches ({@link ArrowFiles#splittable}), except for a pushed aggregation. */
  @Override
  public boolean isSplitable(Path path) {
    // An aggregated scan yields one row per file: a file must not be counted by several splits.
    return aggregation == null && ArrowFiles.splittable(path);
  }

  /**
   * Spark's splits, packed into fewer tasks when only some of the columns are read. Spark sizes a task by the
   * bytes of file it covers ({@code spark.sql.files.maxPartitionBytes}), but a mapped Arrow file costs only the
   * bytes of the columns read: with 1 of 50 columns, each of Spark's tasks would do a fiftieth of the work
   * intended and the tasks' fixed cost would be paid many times over. So a split is costed as its bytes times
   * the read columns' share of a row (estimated from the types' default sizes, as Spark estimates a scan's
   * size) plus Spark's cost of opening a file, and the splits are cut into as many tasks as that cost needs,
   * but never fewer than Spark's minimum parallelism. Splits are kept as Spark cut them; each task takes a run
   * of neighbouring ones, so that it reads a file's record batches in order.
   */
  @Override
  public Seq<FilePartition> partitions() {
    Seq<FilePartition> planned = FileScan.super.partitions();
    double share = dataSchema.defaultSize() == 0 ? 1
        : (double) readDataSchema.defaultSize() / dataSchema.defaultSize();
    if (aggregation != null || planned.size() <= 1 || share >= 1) {
      return planned;
    }
    org.apache.spark.sql.classic.SparkSession classic = (org.apache.spark.sql.classic.SparkSession) session;
    SQLConf conf = classic.sessionState().conf();
    long openCost = conf.filesOpenCostInBytes();
    int minTasks = conf.filesMinPartitionNum().isDefined() ? (Integer) conf.filesMinPartitionNum().get()
        : classic.leafNodeDefaultParallelism();
    List<PartitionedFile> splits = new ArrayList<>();
    for (FilePartition p : CollectionConverters.asJava(planned)) {
      splits.addAll(Arrays.asList(p.files()));
    }
    splits.sort(Comparator.comparing((PartitionedFile f) -> f.urlEncodedPath())
        .thenComparingLong(PartitionedFile::start));
    double[] cost = new double[splits.size()];
    double total = 0;
    for (int i = 0; i < cost.length; i++) {
      cost[i] = splits.get(i).length() * share + openCost;
      total += cost[i];
    }
    int tasks = (int) Math.min(splits.size(),
        Math.max(minTasks, Math.ceil(total / Math.max(1, conf.filesMaxPartitionBytes()))));
    if (tasks >= planned.size()) {
      return planned;
    }
    List<FilePartition> packed = new ArrayList<>(tasks);
    List<PartitionedFile> run = new ArrayList<>();
    double done = 0;
    for (int i = 0; i < cost.length; i++) {
      run.add(splits.get(i));
      done += cost[i];
      if (packed.size() < tasks - 1 && done >= total * (packed.size() + 1) / tasks * (1 - 1e-9)) {
        packed.add(new FilePartition(packed.size(), run.toArray(new PartitionedFile[0])));
        run.clear();
      }
    }
    if (!run.isEmpty()) {
      packed.add(new FilePartition(packed.size(), run.toArray(new PartitionedFile[0])));
    }
    return CollectionConverters.asScala(packed).toList();
  }

  /** With an aggregation pushed, the scan's rows are the partial aggregates, not the data. */
  @Override
  public StructType readSchema() {
    return aggregation != null ? aggregationSchema : FileScan.super.readSchema();
  }

  public Filter[] pushedFilters() {
    return pushedFilters.clone();
  }

  @Override
  public scala.collection.immutable.Map<String, String> getMetaData() {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < pushedFilters.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(pushedFilters[i]);
    }
    scala.collection.immutable.Map<String, String> md =
        FileScan.super.getMetaData().updated("PushedFilters", sb.append(']').toString());
    if (aggregation != null) {
      md = md.updated("PushedAggregation", describe(aggregation.aggregateExpressions()));
      md = md.updated("PushedGroupBy", describe(aggregation.groupByExpressions()));
    }
    return md;
  }

  private static String describe(org.apache.spark.sql.connector.expressions.Expression[] expressions) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < expressions.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(expressions[i].describe());
    }
    return sb.append(']').toString();
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return ScanMetrics.supported();
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    Map<String, String> opts = options.asCaseSensitiveMap();
    Configuration conf = ArrowFiles.hadoopConf(session, opts);
    Broadcast<SerializableConfiguration> broadcast = HadoopConfBroadcast.of(session.sparkContext(), conf);
    SQLConf sqlConf = SQLConf.get();
    boolean columnar = aggregation == null && ArrowFiles.batchesSupported(sqlConf, readDataSchema.merge(readPartitionSchema, true));
    return new ArrowPartitionReaderFactory(broadcast, readDataSchema, readPartitionSchema,
        sqlConf.caseSensitiveAnalysis(), ReadMode.of(opts), columnar,
        new FileSourceOptions(CollectionConverters.asScala(opts).toMap(scala.$less$colon$less$.MODULE$.refl())),
        pushedFilters, aggregation == null ? null : groupByNames(aggregation), aggregates);
  }

  private static String[] groupByNames(Aggregation aggregation) {
    org.apache.spark.sql.connector.expressions.Expression[] groupBy = aggregation.groupByExpressions();
    String[] names = new String[groupBy.length];
    for (int i = 0; i < groupBy.length; i++) {
      names[i] = ((org.apache.spark.sql.connector.expressions.NamedReference) groupBy[i]).fieldNames()[0];
    }
    return names;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ArrowScan other && FileScan.super.equals(o)
        && Arrays.equals(pushedFilters, other.pushedFilters)
        && (aggregation == null ? other.aggregation == null : other.aggregation != null
            && org.apache.spark.sql.execution.datasources.AggregatePushDownUtils$.MODULE$.equivalentAggregations(
                aggregation, other.aggregation));
  }

  @Override
  public int hashCode() {
    return FileScan.super.hashCode();
  }

  @Override
  public String toString() {
    return description();
  }

  // Accessors Scala generates for FileScan's vals and Logging's logger.

  @Override
  public int maxMetadataValueLength() {
    return maxMetadataValueLength;
  }

  @Override
  public void org$apache$spark$sql$execution$datasources$v2$FileScan$_setter_$maxMetadataValueLength_$eq(int v) {
    this.maxMetadataValueLength = v;
  }

  @Override
  public boolean org$apache$spark$sql$execution$datasources$v2$FileScan$$isCaseSensitive() {
    return caseSensitive;
  }

  @Override
  public void org$apache$spark$sql$execution$datasources$v2$FileScan$_setter_$org$apache$spark$sql$execution$datasources$v2$FileScan$$isCaseSensitive_$eq(boolean v) {
    this.caseSensitive = v;
  }

  @Override
  public org.slf4j.Logger org$apache$spark$internal$Logging$$log_() {
    return log;
  }

  @Override
  public void org$apache$spark$internal$Logging$$log__$eq(org.slf4j.Logger logger) {
    this.log = logger;
  }
}
