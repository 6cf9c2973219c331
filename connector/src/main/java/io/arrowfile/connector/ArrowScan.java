package io.arrowfile.connector;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.internal.Logging;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.FileSourceOptions;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.execution.datasources.PartitioningAwareFileIndex;
import org.apache.spark.sql.execution.datasources.v2.FileScan;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.util.SerializableConfiguration;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/** The V2 scan of Arrow files: whole files per partition (not splittable), columnar reads. */
public final class ArrowScan implements FileScan {
  private final SparkSession session;
  private final PartitioningAwareFileIndex fileIndex;
  private final StructType dataSchema;
  private final StructType readDataSchema;
  private final StructType readPartitionSchema;
  private final CaseInsensitiveStringMap options;
  private final Seq<Expression> partitionFilters;
  private final Seq<Expression> dataFilters;
  private int maxMetadataValueLength;
  private boolean caseSensitive;
  private transient org.slf4j.Logger log;

  public ArrowScan(SparkSession session, PartitioningAwareFileIndex fileIndex, StructType dataSchema,
      StructType readDataSchema, StructType readPartitionSchema, CaseInsensitiveStringMap options,
      Seq<Expression> partitionFilters, Seq<Expression> dataFilters) {
    this.session = session;
    this.fileIndex = fileIndex;
    this.dataSchema = dataSchema;
    this.readDataSchema = readDataSchema;
    this.readPartitionSchema = readPartitionSchema;
    this.options = options;
    this.partitionFilters = partitionFilters;
    this.dataFilters = dataFilters;
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

  @Override
  public boolean isSplitable(Path path) {
    return false;
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    Map<String, String> opts = options.asCaseSensitiveMap();
    Configuration conf = ArrowFileFormat.hadoopConf(session, opts);
    Broadcast<SerializableConfiguration> broadcast = JavaSparkContext.fromSparkContext(session.sparkContext())
        .broadcast(new SerializableConfiguration(conf));
    SQLConf sqlConf = SQLConf.get();
    boolean columnar = ArrowFileFormat.batchesSupported(sqlConf, readDataSchema.merge(readPartitionSchema, true));
    return new ArrowPartitionReaderFactory(broadcast, readDataSchema, readPartitionSchema,
        sqlConf.caseSensitiveAnalysis(), ArrowFileFormat.forceHadoopRead(opts), columnar,
        new FileSourceOptions(CollectionConverters.asScala(opts).toMap(scala.$less$colon$less$.MODULE$.refl())));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ArrowScan && FileScan.super.equals(o);
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
