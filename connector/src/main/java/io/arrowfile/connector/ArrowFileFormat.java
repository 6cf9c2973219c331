package io.arrowfile.connector;

import java.util.List;
import io.arrowfile.spark.FileFormatBase;
import io.arrowfile.connector.options.ArrowOptions;
import io.arrowfile.connector.options.ArrowReadOptions;
import io.arrowfile.connector.read.ArrowBatchIterator;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.read.ArrowSchemaInference;
import io.arrowfile.connector.read.FileMetadataColumn;
import io.arrowfile.connector.read.ReadRequest;
import io.arrowfile.connector.read.SplitReader;
import io.arrowfile.connector.files.HadoopConfBroadcast;
import io.arrowfile.connector.write.ArrowWriteSupport;
import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
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
import scala.Function1;
import scala.Option;
import io.arrowfile.spark.ScalaCollections;
import scala.runtime.AbstractFunction1;

/**
 * The V1 file format of {@code arrowfile}: catalog tables ({@code CREATE TABLE ... USING arrowfile}),
 * SQL on paths and writes go through it. Reads go through {@link SplitReader}, as the V2 scan's do, and are
 * columnar: {@code ColumnarBatch}es from {@link ArrowBatchIterator}, handed to Spark through the
 * {@code Iterator<InternalRow>} as Parquet does.
 * It is not registered itself: {@code ArrowFileDataSource} is, with this class as its fallback.
 */
public final class ArrowFileFormat extends FileFormatBase implements DataSourceRegister, Serializable {
  /** The name users give Spark ({@code format("arrowfile")}, {@code USING arrowfile}), held here, below the data source that registers it. */
  public static final String SHORT_NAME = "arrowfile";
  private static final long serialVersionUID = 1L;

  @Override
  public String shortName() {
    return SHORT_NAME;
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
  protected Option<StructType> inferSchema(SparkSession session, Map<String, String> opts, List<FileStatus> files) {
    ArrowOptions.check(opts);
    ArrowReadOptions read = ArrowReadOptions.parse(opts, session.sessionState().conf());
    StructType schema = ArrowSchemaInference.infer(ArrowFiles.hadoopConf(session, opts), files, read);
    if (schema == null) {
      // Spark's UNABLE_TO_INFER_SCHEMA names neither the path nor what is there. Spark takes "path" out of the
      // options it hands here, so with no file listed the path itself is not known.
      String path = opts.getOrDefault("path", opts.getOrDefault("paths", "the path given"));
      throw ArrowSchemaInference.noSchema(files, path);
    }
    return Option.apply(schema);
  }

  @Override
  public OutputWriterFactory prepareWrite(SparkSession session, Job job,
      scala.collection.immutable.Map<String, String> options, StructType dataSchema) {
    return ArrowWriteSupport.prepareWrite(session, job, ScalaCollections.toJava(options), dataSchema);
  }

  /** Spark's default refuses types we write (Null, Variant, ...); the writer knows what it can map. */
  @Override
  public boolean supportDataType(DataType type) {
    return ArrowWriteSupport.supportDataType(type);
  }

  /**
   * Spark's constant {@code _metadata} fields, and {@code row_index} as Parquet declares it: Spark then adds a
   * temporary column to the required schema, which the reader fills with row positions
   * ({@link ReadRequest#rowIndexColumn}).
   */
  @Override
  protected List<org.apache.spark.sql.types.StructField> metadataSchemaFields(
      List<org.apache.spark.sql.types.StructField> base) {
    return FileMetadataColumn.v1Fields(base);
  }

  @Override
  public boolean supportBatch(SparkSession session, StructType schema) {
    return ArrowFiles.batchesSupported(SQLConf.get(), schema);
  }

  @Override
  public boolean isSplitable(SparkSession session, scala.collection.immutable.Map<String, String> options, Path path) {
    return true; // either format, along record batches (read.SplitReader)
  }

  @Override
  protected Function1<PartitionedFile, scala.collection.Iterator<InternalRow>> buildReader(
      SparkSession session, StructType dataSchema, StructType partitionSchema, StructType requiredSchema,
      List<Filter> filters, Map<String, String> options, Configuration hadoopConf) {
    Map<String, String> opts = new HashMap<>(options);
    ArrowOptions.check(opts);
    SQLConf conf = SQLConf.get();
    String returningBatch = opts.get(FileFormat.OPTION_RETURNING_BATCH());
    boolean batches = returningBatch != null ? Boolean.parseBoolean(returningBatch)
        : ArrowFiles.batchesSupported(conf, requiredSchema.merge(partitionSchema, true));
    ReadRequest request = ReadRequest.v1(requiredSchema, partitionSchema,
        filters.toArray(new Filter[0]), conf.caseSensitiveAnalysis(), batches,
        ArrowReadOptions.parse(opts, conf));
    return new Reader(new SplitReader(request, HadoopConfBroadcast.of(session.sparkContext(), hadoopConf)));
  }

  /** The per-file reader function shipped to executors: {@link SplitReader}, the V2 scan's too, as V1 wants it. */
  private static final class Reader extends AbstractFunction1<PartitionedFile, scala.collection.Iterator<InternalRow>>
      implements Serializable {
    private static final long serialVersionUID = 1L;
    private final SplitReader reader;

    Reader(SplitReader reader) {
      this.reader = reader;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public scala.collection.Iterator<InternalRow> apply(PartitionedFile file) {
      ArrowBatchIterator it = reader.open(file, null);
      if (reader.request().columnar()) {
        // ColumnarBatch objects through the row iterator, as Spark's columnar file formats do.
        java.util.Iterator raw = it;
        return ScalaCollections.toIterator((java.util.Iterator<InternalRow>) raw);
      }
      return ScalaCollections.toIterator(it.rows());
    }
  }
}
