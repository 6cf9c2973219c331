package io.arrowfile.connector;

import io.arrowfile.connector.read.ScanMetrics;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.internal.Logging;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.FileSourceOptions;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
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
  /** COUNT(*) pushed into the scan (see {@link ArrowScanBuilder#pushAggregation}), or null. */
  private final Aggregation aggregation;
  /** With {@link #aggregation}: the scan's output, the group-by partition columns then one count per file. */
  private final StructType aggregationSchema;
  private int maxMetadataValueLength;
  private boolean caseSensitive;
  private transient org.slf4j.Logger log;

  public ArrowScan(SparkSession session, PartitioningAwareFileIndex fileIndex, StructType dataSchema,
      StructType readDataSchema, StructType readPartitionSchema, CaseInsensitiveStringMap options,
      Seq<Expression> partitionFilters, Seq<Expression> dataFilters, Filter[] pushedFilters,
      Aggregation aggregation, StructType aggregationSchema) {
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
    Configuration conf = ArrowFileFormat.hadoopConf(session, opts);
    Broadcast<SerializableConfiguration> broadcast = JavaSparkContext.fromSparkContext(session.sparkContext())
        .broadcast(new SerializableConfiguration(conf));
    SQLConf sqlConf = SQLConf.get();
    boolean columnar = aggregation == null && ArrowFileFormat.batchesSupported(sqlConf, readDataSchema.merge(readPartitionSchema, true));
    return new ArrowPartitionReaderFactory(broadcast, readDataSchema, readPartitionSchema,
        sqlConf.caseSensitiveAnalysis(), ArrowFileFormat.forceHadoopRead(opts), columnar,
        new FileSourceOptions(CollectionConverters.asScala(opts).toMap(scala.$less$colon$less$.MODULE$.refl())),
        pushedFilters, aggregation == null ? null : groupByNames(aggregation));
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
        && java.util.Arrays.equals(pushedFilters, other.pushedFilters)
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
