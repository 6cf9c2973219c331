package io.arrowfile.connector;

import io.arrowfile.connector.options.ArrowOptions;
import io.arrowfile.connector.read.ArrowBatchIterator;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.read.ArrowSchemaInference;
import io.arrowfile.connector.read.FileMetadataColumn;
import io.arrowfile.connector.files.FileVersion;
import io.arrowfile.connector.files.HadoopConfBroadcast;
import io.arrowfile.connector.files.ReadMode;
import io.arrowfile.connector.write.ArrowWriteSupport;
import java.io.IOException;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.FileFormat;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;
import scala.Function1;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;

/**
 * The V1 file format of {@code arrowfile}: catalog tables ({@code CREATE TABLE ... USING arrowfile}),
 * SQL on paths and writes go through it. Reads are columnar: {@link ColumnarBatch}es from
 * {@link ArrowBatchIterator}, handed to Spark through the {@code Iterator<InternalRow>} as Parquet does.
 * It is not registered itself: {@link ArrowFileDataSource} is, with this class as its fallback.
 */
public final class ArrowFileFormat implements FileFormat, DataSourceRegister, Serializable {
  private static final long serialVersionUID = 1L;

  @Override
  public String shortName() {
    return ArrowFileDataSource.SHORT_NAME;
  }

  @Override
  public String toString() {
    return "ArrowFile";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ArrowFileFormat;
  }

  @Override
  public int hashCode() {
    return ArrowFileFormat.class.hashCode();
  }

  @Override
  public Option<StructType> inferSchema(SparkSession session, scala.collection.immutable.Map<String, String> options,
      scala.collection.immutable.Seq<FileStatus> files) {
    Map<String, String> opts = CollectionConverters.asJava(options);
    ArrowOptions.check(opts);
    StructType schema = ArrowSchemaInference.infer(ArrowFiles.hadoopConf(session, opts), CollectionConverters.asJava(files),
        ArrowSchemaInference.mergeSchema(opts), ArrowSchemaInference.Tolerance.of(opts, session.sessionState().conf()));
    return Option.apply(schema);
  }

  @Override
  public OutputWriterFactory prepareWrite(SparkSession session, Job job,
      scala.collection.immutable.Map<String, String> options, StructType dataSchema) {
    return ArrowWriteSupport.prepareWrite(session, job, CollectionConverters.asJava(options), dataSchema);
  }

  /** Spark's default refuses types we write (Null, Variant, ...); the writer knows what it can map. */
  @Override
  public boolean supportDataType(DataType type) {
    return ArrowWriteSupport.supportDataType(type);
  }

  /**
   * Spark's constant {@code _metadata} fields, and {@code row_index} as Parquet declares it: Spark then adds a
   * temporary column to the required schema, which the reader fills with row positions
   * ({@link ArrowBatchIterator#withRowIndexAt}).
   */
  @Override
  public scala.collection.immutable.Seq<org.apache.spark.sql.types.StructField> metadataSchemaFields() {
    return FileMetadataColumn.v1Fields(FileFormat.super.metadataSchemaFields());
  }

  @Override
  public boolean supportBatch(SparkSession session, StructType schema) {
    return ArrowFiles.batchesSupported(SQLConf.get(), schema);
  }

  @Override
  public boolean isSplitable(SparkSession session, scala.collection.immutable.Map<String, String> options, Path path) {
    return ArrowFiles.splittable(path);
  }

  @Override
  public Function1<PartitionedFile, scala.collection.Iterator<InternalRow>> buildReaderWithPartitionValues(
      SparkSession session, StructType dataSchema, StructType partitionSchema, StructType requiredSchema,
      scala.collection.immutable.Seq<Filter> filters, scala.collection.immutable.Map<String, String> options,
      Configuration hadoopConf) {
    Map<String, String> opts = new HashMap<>(CollectionConverters.asJava(options));
    ArrowOptions.check(opts);
    SQLConf conf = SQLConf.get();
    String returningBatch = opts.get(FileFormat.OPTION_RETURNING_BATCH());
    boolean batches = returningBatch != null ? Boolean.parseBoolean(returningBatch)
        : ArrowFiles.batchesSupported(conf, requiredSchema.merge(partitionSchema, true));
    Broadcast<SerializableConfiguration> broadcastConf = HadoopConfBroadcast.of(session.sparkContext(), hadoopConf);
    return new Reader(broadcastConf, requiredSchema, partitionSchema, conf.caseSensitiveAnalysis(),
        ReadMode.of(opts), batches, CollectionConverters.asJava(filters).toArray(new Filter[0]));
  }

  /** The per-file reader function shipped to executors. */
  private static final class Reader extends AbstractFunction1<PartitionedFile, scala.collection.Iterator<InternalRow>>
      implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Broadcast<SerializableConfiguration> conf;
    private final StructType requiredSchema;
    private final StructType partitionSchema;
    private final boolean caseSensitive;
    private final ReadMode mode;
    private final boolean batches;
    /** Data filters, for skipping record batches by statistics; Spark applies them again on the rows. */
    private final Filter[] filters;
    /** The data column Spark asks to hold {@code _metadata.row_index}, or -1. */
    private final int rowIndexColumn;

    Reader(Broadcast<SerializableConfiguration> conf, StructType requiredSchema, StructType partitionSchema,
        boolean caseSensitive, ReadMode mode, boolean batches, Filter[] filters) {
      this.conf = conf;
      this.requiredSchema = requiredSchema;
      this.partitionSchema = partitionSchema;
      this.caseSensitive = caseSensitive;
      this.mode = mode;
      this.batches = batches;
      this.filters = filters;
      this.rowIndexColumn = java.util.Arrays.asList(requiredSchema.fieldNames())
          .indexOf(FileMetadataColumn.ROW_INDEX_TEMPORARY_COLUMN);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public scala.collection.Iterator<InternalRow> apply(PartitionedFile file) {
      ArrowBatchIterator it;
      try {
        it = ArrowBatchIterator.open(conf.value().value(), file.toPath(), file.start(), file.length(),
            requiredSchema, partitionSchema, file.partitionValues(), caseSensitive, mode, filters, null,
            FileVersion.of(file));
      } catch (IOException e) {
        throw ArrowFiles.failure(file.filePath().toString(), e);
      }
      if (rowIndexColumn >= 0) {
        it.withRowIndexAt(rowIndexColumn);
      }
      if (batches) {
        // ColumnarBatch objects through the row iterator, as Spark's columnar file formats do.
        java.util.Iterator raw = it;
        return CollectionConverters.asScala((java.util.Iterator<InternalRow>) raw);
      }
      return CollectionConverters.asScala(it.rows());
    }
  }
}
