package io.arrowfile.connector.read;

import io.arrowfile.spark.Sessions;
import io.arrowfile.connector.aggregate.PushedAggregate;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.HadoopConfBroadcast;
import io.arrowfile.connector.files.ReadMode;
import io.arrowfile.connector.options.ArrowOptions;
import io.arrowfile.connector.options.ArrowReadOptions;
import io.arrowfile.spark.FileScanBase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.FileSourceOptions;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.SupportsRuntimeV2Filtering;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.execution.datasources.FilePartition;
import org.apache.spark.sql.execution.datasources.FilePartition$;
import org.apache.spark.sql.execution.datasources.FileStatusWithMetadata;
import org.apache.spark.sql.execution.datasources.PartitionDirectory;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.datasources.PartitioningAwareFileIndex;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.util.SerializableConfiguration;

import io.arrowfile.spark.ScalaCollections;

/**
 * The V2 scan of Arrow files: columnar reads, files split along record batches, record batches skipped by
 * their footer statistics for the pushed filters, runtime filters from joins ({@link #filter}), scan metrics
 * ({@link ScanMetrics}).
 */
public final class ArrowScan extends FileScanBase implements SupportsRuntimeV2Filtering {
  private final SparkSession session;
  private final PartitioningAwareFileIndex fileIndex;
  private final StructType dataSchema;
  private final StructType readDataSchema;
  private final StructType readPartitionSchema;
  private final CaseInsensitiveStringMap options;
  private final ArrowReadOptions readOptions;
  /** The Hadoop configuration of the read: the session's with the options on top. */
  private final Configuration hadoopConf;
  private final scala.collection.immutable.List<Expression> partitionFilters;
  private final scala.collection.immutable.List<Expression> dataFilters;
  private final Filter[] pushedFilters;
  /** Aggregates pushed into the scan (see {@link ArrowScanBuilder#pushAggregation}), or null. */
  private final Aggregation aggregation;
  /** With {@link #aggregation}: the scan's output, the group-by partition columns then one value per aggregate. */
  private final StructType aggregationSchema;
  /** With {@link #aggregation}: what each file computes. */
  private final PushedAggregate[] aggregates;
  /**
   * Spark's {@code _metadata} column as the query needs it, last in the output, or null. Set once, by the builder
   * right after construction ({@link #withMetadata}).
   */
  private StructField metadataField;
  /**
   * The runtime filters Spark has applied ({@link #filter}). Spark filters the planned scan object itself, so this
   * is mutable after planning; it is left out of {@link #equals}, as {@code BatchScanExec} compares its runtime
   * filters itself.
   */
  private volatile RuntimeFilter runtimeFilter = RuntimeFilter.NONE;
  /**
   * {@link #estimateStatistics()}, once: the optimizer asks again for every plan it derives, and each answer lists
   * the files and reads their footers. Runtime filters come later and do not change it.
   */
  private volatile Statistics statistics;
  /** What the last {@link #partitions()} planned, for {@link #reportDriverMetrics}. */
  private volatile ScanMetrics.Planned planned = new ScanMetrics.Planned(0, 0, 0, 0);
  /** A pushed limit or top-N: the record batches planned are chosen from the footers ({@link BatchSelection}), or null. */
  private final BatchSelection selection;

  /**
   * A scan of {@code fileIndex} with the read options {@code options}, parsed ({@code readOptions}), and the Hadoop
   * configuration they make ({@code hadoopConf}, built once for the scan's footer reads and its tasks); planning only
   * the record batches {@code selection} (a pushed limit or top-N; may be null) chooses.
   */
  ArrowScan(SparkSession session, PartitioningAwareFileIndex fileIndex, StructType dataSchema,
      StructType readDataSchema, StructType readPartitionSchema, CaseInsensitiveStringMap options,
      ArrowReadOptions readOptions, Configuration hadoopConf,
      scala.collection.immutable.List<Expression> partitionFilters,
      scala.collection.immutable.List<Expression> dataFilters, Filter[] pushedFilters, Aggregation aggregation,
      StructType aggregationSchema,
      PushedAggregate[] aggregates, BatchSelection selection) {
    this.selection = selection;
    this.readOptions = readOptions;
    this.hadoopConf = hadoopConf;
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
    initTraits();
  }

  /** Adds Spark's {@code _metadata} column ({@code field}, pruned to the fields used; null for none) last. */
  ArrowScan withMetadata(StructField field) {
    this.metadataField = field;
    return this;
  }

  @Override public SparkSession sparkSession() { return session; }
  @Override public PartitioningAwareFileIndex fileIndex() { return fileIndex; }
  @Override public StructType dataSchema() { return dataSchema; }
  @Override public StructType readDataSchema() { return readDataSchema; }
  @Override public StructType readPartitionSchema() { return readPartitionSchema; }
  @Override public scala.collection.immutable.List<Expression> partitionFilters() { return partitionFilters; }
  @Override public scala.collection.immutable.List<Expression> dataFilters() { return dataFilters; }

  /**
   * Files split along record batches, in either format (a split reads the batches whose message starts in it; a
   * stream's are found by walking its message headers: {@code files.StreamBatchReader}), except for a pushed
   * aggregation.
   */
  @Override
  public boolean isSplitable(Path path) {
    // An aggregated scan yields one row per file: a file must not be counted by several splits.
    return aggregation == null;
  }

  /** The files cut into tasks of equal cost ({@link TaskCutter}), or the splits of a pushed limit or top-N. */
  @Override
  public scala.collection.immutable.List<FilePartition> partitions() {
    if (selection != null) {
      scala.collection.immutable.List<FilePartition> selected = selectedPartitions();
      if (selected != null) {
        return runtimeFiltered(selected);
      }
    }
    scala.collection.immutable.List<FilePartition> planned = runtimeFiltered(super.partitions().toList());
    if (aggregation != null || planned.size() <= 1) {
      return planned;
    }
    double share = dataSchema.defaultSize() == 0 ? 1
        : Math.min(1, (double) readDataSchema.defaultSize() / dataSchema.defaultSize());
    SQLConf conf = Sessions.conf(session);
    int parallelism = Math.max(1, conf.filesMinPartitionNum().isDefined()
        ? (Integer) conf.filesMinPartitionNum().get() : Sessions.leafNodeDefaultParallelism(session));
    List<PartitionedFile> splits = new ArrayList<>();
    for (FilePartition p : ScalaCollections.toJava(planned)) {
      splits.addAll(Arrays.asList(p.files()));
    }
    return ScalaCollections.toList(TaskCutter.cut(splits, share, Math.max(0, conf.filesOpenCostInBytes()),
        parallelism, conf.filesMaxPartitionBytes()));
  }

  /** Spark's splits less the files the runtime filter rules out, counting them for {@link #reportDriverMetrics}. */
  private scala.collection.immutable.List<FilePartition> runtimeFiltered(scala.collection.immutable.List<FilePartition> splits) {
    RuntimeFilter.Pruned pruned = runtimeFilter.prune(splits, fileIndex.partitionSchema().nonEmpty());
    planned = pruned.planned();
    return pruned.splits();
  }

  /**
   * The tasks of a pushed limit or top-N: the pieces of files holding the chosen record batches. A limit's pieces are
   * one task, read in order until Spark has its rows; a top-N's are packed into tasks as Spark packs splits.
   */
  private scala.collection.immutable.List<FilePartition> selectedPartitions() {
    SQLConf conf = Sessions.conf(session);
    List<PartitionedFile> pieces = selection.plan(hadoopConf,
        ScalaCollections.toJava(fileIndex.listFiles(partitionFilters, dataFilters)), ReadMode.of(readOptions),
        conf.caseSensitiveAnalysis());
    if (pieces == null) {
      return null;
    }
    if (!selection.isTopN()) {
      return ScalaCollections.toList(List.of(new FilePartition(0, pieces.toArray(new PartitionedFile[0]))));
    }
    return FilePartition$.MODULE$.getFilePartitions(session, ScalaCollections.toList(pieces),
        conf.filesMaxPartitionBytes()).toList();
  }

  /** From the footers: see {@link ScanStatistics}. */
  @Override
  public Statistics estimateStatistics() {
    if (aggregation != null) {
      return super.estimateStatistics();
    }
    Statistics known = statistics;
    if (known == null) {
      SQLConf conf = Sessions.conf(session);
      known = ScanStatistics.estimate(hadoopConf, listedFiles(), dataSchema, readDataSchema,
          ReadMode.of(readOptions), conf.caseSensitiveAnalysis(), conf.fileCompressionFactor());
      statistics = known;
    }
    return known;
  }

  /** The files this scan reads (partition filters applied), in listing order, without empty ones. */
  List<FileStatusWithMetadata> listedFiles() {
    List<FileStatusWithMetadata> files = new ArrayList<>();
    for (PartitionDirectory p : ScalaCollections.toJava(fileIndex.listFiles(partitionFilters, dataFilters))) {
      for (FileStatusWithMetadata f : ScalaCollections.toJava(p.files())) {
        if (f.getLen() > 0) {
          files.add(f);
        }
      }
    }
    return files;
  }

  /** With an aggregation pushed, the scan's rows are the partial aggregates, not the data. */
  @Override
  public StructType readSchema() {
    if (aggregation != null) {
      return aggregationSchema;
    }
    StructType schema = super.readSchema();
    return metadataField == null ? schema : schema.add(metadataField);
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
        super.getMetaData().updated("PushedFilters", sb.append(']').toString());
    if (selection != null) {
      md = md.updated(selection.isTopN() ? "PushedTopN" : "PushedLimit", selection.describe());
    }
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
  public CustomTaskMetric[] reportDriverMetrics() {
    return planned.values();
  }

  /**
   * The read partition columns, so that dynamic partition pruning picks files as it picks Parquet's partitions;
   * with {@code arrowfile.runtimeFilterDataColumns}, also the read top-level data columns with footer statistics,
   * so that the keys a join selects skip record batches. Not by default: Spark then adds runtime filters where
   * Parquet's plan has none, and on TPC-H at scale 1 (flat) that made q21 take 2.06x Parquet's time; on data not
   * sorted by the key they skip nothing. None when an aggregation is pushed: the scan's rows are not the data's.
   */
  @Override
  public NamedReference[] filterAttributes() {
    return aggregation != null ? new NamedReference[0]
        : RuntimeFilter.attributes(readPartitionSchema,
            readOptions.runtimeFilterDataColumns() ? readDataSchema : new StructType());
  }

  /**
   * Called by Spark on the planned scan before it plans the tasks again ({@code BatchScanExec}), with the
   * predicates of its dynamic pruning subqueries, typically {@code key IN (keys)}: on partition columns they take
   * files out of {@link #partitions()}, on data columns they join the pushed filters for batch skipping.
   */
  @Override
  public void filter(Predicate[] predicates) {
    runtimeFilter = runtimeFilter.and(RuntimeFilter.of(predicates, readPartitionSchema, readDataSchema,
        session.sessionState().conf().caseSensitiveAnalysis()));
  }

  /**
   * Batches or rows for the whole scan, decided without the tasks: so Spark does not create the reader factory
   * while planning (as it would to ask each task), but only when it runs the scan, after the runtime filters.
   */
  @Override
  public ColumnarSupportMode columnarSupportMode() {
    return columnar(SQLConf.get()) ? ColumnarSupportMode.SUPPORTED : ColumnarSupportMode.UNSUPPORTED;
  }

  private boolean columnar(SQLConf sqlConf) {
    return aggregation == null && ArrowFiles.batchesSupported(sqlConf, readSchema());
  }

  /**
   * What each split reads, decided now, after the runtime filters: the pushed and runtime filters on data columns
   * skip record batches, and the runtime filters on partition columns have already taken files out.
   */
  @Override
  public PartitionReaderFactory createReaderFactory() {
    SQLConf sqlConf = SQLConf.get();
    ReadRequest request = new ReadRequest(readDataSchema, readPartitionSchema,
        metadataField == null ? null : (StructType) metadataField.dataType(), -1,
        runtimeFilter.withDataFilters(pushedFilters), sqlConf.caseSensitiveAnalysis(), columnar(sqlConf),
        readOptions);
    Broadcast<SerializableConfiguration> broadcast = HadoopConfBroadcast.of(session.sparkContext(), hadoopConf);
    return new ArrowPartitionReaderFactory(new SplitReader(request, broadcast),
        new FileSourceOptions(ScalaCollections.toMap(options.asCaseSensitiveMap())),
        aggregation == null ? null : ArrowScanBuilder.groupByNames(aggregation), aggregates);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ArrowScan other && super.equals(o)
        && Arrays.equals(pushedFilters, other.pushedFilters)
        && java.util.Objects.equals(selection, other.selection)
        && (aggregation == null ? other.aggregation == null : other.aggregation != null
            && org.apache.spark.sql.execution.datasources.AggregatePushDownUtils$.MODULE$.equivalentAggregations(
                aggregation, other.aggregation));
  }

  @Override
  public String toString() {
    return description();
  }
}
