package io.arrowfile.connector.read;

import io.arrowfile.connector.aggregate.PushedAggregate;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.HadoopConfBroadcast;
import io.arrowfile.connector.files.ReadMode;
import io.arrowfile.connector.options.ArrowOptions;
import io.arrowfile.spark.FileScanBase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
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
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

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
  private final Seq<Expression> partitionFilters;
  private final Seq<Expression> dataFilters;
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
   * the files and builds a Hadoop configuration (the TPC benchmark's driver ran out of its 6 GB heap inside these
   * calls while planning TPC-DS q64, 18 scans; whether they were the cause was not established). Runtime filters
   * come later and do not change it.
   */
  private volatile Statistics statistics;
  /** What the last {@link #partitions()} planned, for {@link #reportDriverMetrics}. */
  private volatile ScanMetrics.Planned planned = new ScanMetrics.Planned(0, 0, 0, 0);
  /** A pushed limit or top-N: the record batches planned are chosen from the footers ({@link BatchSelection}), or null. */
  private final BatchSelection selection;

  public ArrowScan(SparkSession session, PartitioningAwareFileIndex fileIndex, StructType dataSchema,
      StructType readDataSchema, StructType readPartitionSchema, CaseInsensitiveStringMap options,
      Seq<Expression> partitionFilters, Seq<Expression> dataFilters, Filter[] pushedFilters,
      Aggregation aggregation, StructType aggregationSchema, PushedAggregate[] aggregates) {
    this(session, fileIndex, dataSchema, readDataSchema, readPartitionSchema, options, partitionFilters, dataFilters,
        pushedFilters, aggregation, aggregationSchema, aggregates, null);
  }

  /** As above, planning only the record batches {@code selection} (a pushed limit or top-N; may be null) chooses. */
  public ArrowScan(SparkSession session, PartitioningAwareFileIndex fileIndex, StructType dataSchema,
      StructType readDataSchema, StructType readPartitionSchema, CaseInsensitiveStringMap options,
      Seq<Expression> partitionFilters, Seq<Expression> dataFilters, Filter[] pushedFilters,
      Aggregation aggregation, StructType aggregationSchema, PushedAggregate[] aggregates, BatchSelection selection) {
    this.selection = selection;
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
  @Override public Seq<Expression> partitionFilters() { return partitionFilters; }
  @Override public Seq<Expression> dataFilters() { return dataFilters; }

  /** Files split along record batches ({@link ArrowFiles#splittable}), except for a pushed aggregation. */
  @Override
  public boolean isSplitable(Path path) {
    // An aggregated scan yields one row per file: a file must not be counted by several splits.
    return aggregation == null && ArrowFiles.splittable(path);
  }

  /**
   * The files cut into tasks of equal cost, as many as a multiple of Spark's parallelism.
   *
   * <p>Spark sizes a task by the bytes of file it covers ({@code spark.sql.files.maxPartitionBytes}) and packs
   * its splits without regard to the cores that will run them. Two things make that a poor fit here. An Arrow
   * file costs only the bytes of the columns read: with 1 of 50 columns, each of Spark's tasks would do a
   * fiftieth of the work intended and pay the tasks' fixed cost many times over. And the task count is not a
   * multiple of the cores: two 180 MB files on 2 cores become tasks of 128, 128 and 104 MB, so one core works
   * alone for the last third of the scan. (On the benchmark's main table, two such files in the page cache, the
   * equal tasks measured no faster than Spark's, 3 alternating runs each; why not is not known. They stay, as the
   * plan that leaves no core without a task.)
   *
   * <p>So a file is costed as its bytes times the read columns' share of a row (estimated from the types'
   * default sizes, as Spark estimates a scan's size) plus Spark's cost of opening a file; the scan gets as
   * many tasks as that cost needs at {@code maxPartitionBytes} each, never fewer than Spark's minimum
   * parallelism, rounded up to a multiple of it; and the files, in order, are cut where each task's equal
   * share of the cost ends. A cut may fall anywhere: each record batch is read by the task whose range holds
   * its start. Streams ({@code .arrows}) are not cut, nor are pieces made smaller than the cost of opening a
   * file.
   */
  @Override
  public Seq<FilePartition> partitions() {
    if (selection != null) {
      Seq<FilePartition> selected = selectedPartitions();
      if (selected != null) {
        return runtimeFiltered(selected);
      }
    }
    Seq<FilePartition> planned = runtimeFiltered(super.partitions());
    if (aggregation != null || planned.size() <= 1) {
      return planned;
    }
    double share = dataSchema.defaultSize() == 0 ? 1
        : Math.min(1, (double) readDataSchema.defaultSize() / dataSchema.defaultSize());
    org.apache.spark.sql.classic.SparkSession classic = (org.apache.spark.sql.classic.SparkSession) session;
    SQLConf conf = classic.sessionState().conf();
    long openCost = Math.max(0, conf.filesOpenCostInBytes());
    int parallelism = Math.max(1, conf.filesMinPartitionNum().isDefined()
        ? (Integer) conf.filesMinPartitionNum().get() : classic.leafNodeDefaultParallelism());

    // Spark's splits of each file, in path and offset order: they cover the file, and carry its partition
    // values and, per split, the hosts that hold that part of it.
    List<PartitionedFile> splits = new ArrayList<>();
    for (FilePartition p : CollectionConverters.asJava(planned)) {
      splits.addAll(Arrays.asList(p.files()));
    }
    splits.sort(Comparator.comparing((PartitionedFile f) -> f.urlEncodedPath())
        .thenComparingLong(PartitionedFile::start));
    double total = 0;
    for (int i = 0; i < splits.size(); i++) {
      boolean first = i == 0 || !splits.get(i - 1).urlEncodedPath().equals(splits.get(i).urlEncodedPath());
      total += splits.get(i).length() * share + (first ? openCost : 0);
    }
    long tasksForCost = (long) Math.ceil(total / Math.max(1, conf.filesMaxPartitionBytes()));
    long tasks = Math.max(parallelism, tasksForCost);
    tasks = (tasks + parallelism - 1) / parallelism * parallelism;

    TaskCutter cutter = new TaskCutter(total, (int) Math.min(tasks, Integer.MAX_VALUE / 2));
    // Pieces smaller than this cost more to open than to read, or are a sliver of a task: not worth a cut.
    long minPiece = share == 0 ? Long.MAX_VALUE : Math.min(openCost, (long) (total / tasks / share / 4));
    for (int i = 0; i < splits.size(); i++) {
      PartitionedFile split = splits.get(i);
      if (i == 0 || !splits.get(i - 1).urlEncodedPath().equals(split.urlEncodedPath())) {
        cutter.add(openCost);
      }
      boolean cuttable = share > 0 && ArrowFiles.splittable(split.toPath());
      long pos = split.start();
      long end = split.start() + split.length();
      while (pos < end) {
        long rest = end - pos;
        long cut = cuttable ? cutter.bytesToBoundary(share) : Long.MAX_VALUE;
        if (cut >= rest || rest - cut < minPiece) {
          cutter.take(piece(split, pos, end), rest * share);
          break;
        }
        if (cut < minPiece && cutter.closeEarly()) {
          continue; // the task is full enough: the next one starts here
        }
        cut = Math.max(cut, Math.min(minPiece, rest));
        cutter.take(piece(split, pos, pos + cut), cut * share);
        pos += cut;
      }
    }
    return CollectionConverters.asScala(cutter.finish()).toList();
  }

  /**
   * Spark's splits less the files of partitions the runtime filter rules out (none without one), counting what
   * stays and what goes for {@link #reportDriverMetrics}. A partition is a directory of partition values.
   */
  private Seq<FilePartition> runtimeFiltered(Seq<FilePartition> splits) {
    RuntimeFilter filter = runtimeFilter;
    java.util.Set<String> files = new java.util.HashSet<>();
    java.util.Set<String> prunedFiles = new java.util.HashSet<>();
    java.util.Set<String> partitions = new java.util.HashSet<>();
    java.util.Set<String> prunedPartitions = new java.util.HashSet<>();
    boolean partitioned = fileIndex.partitionSchema().nonEmpty();
    List<FilePartition> kept = new ArrayList<>();
    for (FilePartition p : CollectionConverters.asJava(splits)) {
      List<PartitionedFile> keep = new ArrayList<>();
      for (PartitionedFile f : p.files()) {
        boolean keeps = filter.keeps(f.partitionValues());
        (keeps ? files : prunedFiles).add(f.urlEncodedPath());
        if (partitioned) {
          (keeps ? partitions : prunedPartitions).add(f.toPath().getParent().toString());
        }
        if (keeps) {
          keep.add(f);
        }
      }
      if (!keep.isEmpty()) {
        kept.add(new FilePartition(kept.size(), keep.toArray(new PartitionedFile[0])));
      }
    }
    planned = new ScanMetrics.Planned(files.size(), partitions.size(), prunedFiles.size(), prunedPartitions.size());
    return filter.prunesFiles() ? CollectionConverters.asScala(kept).toList() : splits;
  }

  /**
   * The tasks of a pushed limit or top-N: the pieces of files holding the chosen record batches. A limit's pieces are
   * one task, read in order until Spark has its rows; a top-N's are packed into tasks as Spark packs splits.
   */
  private Seq<FilePartition> selectedPartitions() {
    Map<String, String> opts = options.asCaseSensitiveMap();
    SQLConf conf = ((org.apache.spark.sql.classic.SparkSession) session).sessionState().conf();
    List<PartitionedFile> pieces = selection.plan(ArrowFiles.hadoopConf(session, opts),
        CollectionConverters.asJava(fileIndex.listFiles(partitionFilters, dataFilters)), ReadMode.of(opts),
        conf.caseSensitiveAnalysis());
    if (pieces == null) {
      return null;
    }
    if (!selection.isTopN()) {
      return CollectionConverters.asScala(List.of(new FilePartition(0, pieces.toArray(new PartitionedFile[0]))))
          .toList();
    }
    return FilePartition$.MODULE$.getFilePartitions(session, CollectionConverters.asScala(pieces).toList(),
        conf.filesMaxPartitionBytes());
  }

  /** {@code [start, end)} of {@code split}'s file, with the split's partition values and hosts. */
  private static PartitionedFile piece(PartitionedFile split, long start, long end) {
    if (start == split.start() && end == split.start() + split.length()) {
      return split;
    }
    return new PartitionedFile(split.partitionValues(), split.filePath(), start, end - start, split.locations(),
        split.modificationTime(), split.fileSize(), split.otherConstantMetadataColumnValues());
  }

  /** Fills {@code tasks} tasks in order, closing each where the running cost reaches its equal share. */
  private static final class TaskCutter {
    private final double total;
    private final int tasks;
    private final List<FilePartition> done = new ArrayList<>();
    private final List<PartitionedFile> run = new ArrayList<>();
    private double cost;

    TaskCutter(double total, int tasks) {
      this.total = total;
      this.tasks = tasks;
    }

    private double boundary() {
      return total * (done.size() + 1) / tasks;
    }

    void add(double c) {
      cost += c;
    }

    /** Bytes (at {@code share} of cost per byte) that fill the current task; MAX_VALUE for the last task. */
    long bytesToBoundary(double share) {
      if (done.size() >= tasks - 1) {
        return Long.MAX_VALUE;
      }
      return (long) Math.ceil(Math.max(0, boundary() - cost) / share);
    }

    void take(PartitionedFile piece, double c) {
      PartitionedFile last = run.isEmpty() ? null : run.get(run.size() - 1);
      if (last != null && last.urlEncodedPath().equals(piece.urlEncodedPath())
          && last.start() + last.length() == piece.start()
          && last.partitionValues().equals(piece.partitionValues())) {
        // The rest of the same file: one range, so that the task opens the file once (on an object store, an
        // open is a status request and two reads).
        run.set(run.size() - 1, new PartitionedFile(last.partitionValues(), last.filePath(), last.start(),
            last.length() + piece.length(), last.locations(), last.modificationTime(), last.fileSize(),
            last.otherConstantMetadataColumnValues()));
      } else {
        run.add(piece);
      }
      cost += c;
      if (done.size() < tasks - 1 && cost >= boundary() * (1 - 1e-9)) {
        close();
      }
    }

    /** Closes the current task before its share is reached; false when it holds nothing yet. */
    boolean closeEarly() {
      if (run.isEmpty() || done.size() >= tasks - 1) {
        return false;
      }
      close();
      return true;
    }

    private void close() {
      done.add(new FilePartition(done.size(), run.toArray(new PartitionedFile[0])));
      run.clear();
    }

    List<FilePartition> finish() {
      if (!run.isEmpty()) {
        close();
      }
      return done;
    }
  }

  /** From the footers: see {@link ScanStatistics}. */
  @Override
  public Statistics estimateStatistics() {
    if (aggregation != null) {
      return super.estimateStatistics();
    }
    Statistics known = statistics;
    if (known == null) {
      Map<String, String> opts = options.asCaseSensitiveMap();
      SQLConf conf = ((org.apache.spark.sql.classic.SparkSession) session).sessionState().conf();
      known = ScanStatistics.estimate(ArrowFiles.hadoopConf(session, opts), listedFiles(), dataSchema,
          readDataSchema, ReadMode.of(opts), conf.caseSensitiveAnalysis(), conf.fileCompressionFactor());
      statistics = known;
    }
    return known;
  }

  /** The files this scan reads (partition filters applied), in listing order, without empty ones. */
  List<FileStatusWithMetadata> listedFiles() {
    List<FileStatusWithMetadata> files = new ArrayList<>();
    for (PartitionDirectory p : CollectionConverters.asJava(fileIndex.listFiles(partitionFilters, dataFilters))) {
      for (FileStatusWithMetadata f : CollectionConverters.asJava(p.files())) {
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
        : RuntimeFilter.attributes(readPartitionSchema, ArrowOptions.bool(options.asCaseSensitiveMap(),
            ArrowOptions.RUNTIME_FILTER_DATA_COLUMNS, false) ? readDataSchema : new StructType());
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

  @Override
  public PartitionReaderFactory createReaderFactory() {
    Map<String, String> opts = options.asCaseSensitiveMap();
    Configuration conf = ArrowFiles.hadoopConf(session, opts);
    Broadcast<SerializableConfiguration> broadcast = HadoopConfBroadcast.of(session.sparkContext(), conf);
    SQLConf sqlConf = SQLConf.get();
    return new ArrowPartitionReaderFactory(broadcast, readDataSchema, readPartitionSchema,
        sqlConf.caseSensitiveAnalysis(), ReadMode.of(opts), columnar(sqlConf),
        new FileSourceOptions(CollectionConverters.asScala(opts).toMap(scala.$less$colon$less$.MODULE$.refl())),
        runtimeFilter.withDataFilters(pushedFilters),
        aggregation == null ? null : ArrowScanBuilder.groupByNames(aggregation), aggregates)
        .withMetadata(metadataField == null ? null : (StructType) metadataField.dataType());
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
