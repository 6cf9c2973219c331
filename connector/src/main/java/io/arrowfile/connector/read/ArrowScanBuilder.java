package io.arrowfile.connector.read;

import io.arrowfile.connector.aggregate.FileAggregates;
import io.arrowfile.connector.aggregate.FooterAggregateScan;
import io.arrowfile.connector.aggregate.FooterAggregation;
import io.arrowfile.connector.aggregate.PushedAggregate;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.ReadMode;
import io.arrowfile.connector.options.ArrowReadOptions;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownTopN;
import org.apache.spark.sql.connector.expressions.NullOrdering;
import org.apache.spark.sql.connector.expressions.SortDirection;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.execution.datasources.PartitionDirectory;
import org.apache.spark.sql.execution.datasources.PartitioningAwareFileIndex;
import org.apache.spark.sql.execution.datasources.v2.FileScanBuilder;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import io.arrowfile.spark.ScalaCollections;

/**
 * Builds an {@link ArrowScan}; column pruning comes from {@code readDataSchema()}. Filters are pushed the way
 * Spark's own file sources take them ({@link #pushDataFilters}, the file-source form of
 * {@code SupportsPushDownFilters}), which keeps partition filters for partition pruning. {@code COUNT(*)},
 * {@code COUNT}, {@code MIN} and {@code MAX}, optionally grouped by partition columns, are pushed into the scan
 * ({@link #pushAggregation}), or answered whole on the driver from a few files' footers
 * ({@link #supportCompletePushDown}).
 */
public final class ArrowScanBuilder extends FileScanBuilder
    implements SupportsPushDownAggregates, SupportsPushDownLimit, SupportsPushDownTopN {
  private final SparkSession session;
  private final PartitioningAwareFileIndex fileIndex;
  private final StructType dataSchema;
  private final CaseInsensitiveStringMap options;
  private final ArrowReadOptions readOptions;
  private Configuration hadoopConf;
  private Aggregation pushedAggregation;
  private StructType aggregationSchema;
  private PushedAggregate[] pushedAggregates;
  /**
   * The final rows of the aggregation {@link #supportCompletePushDown} accepted, answered from footers. Spark then
   * pushes that same aggregation ({@link #pushAggregation}) and takes the scan's rows as the result.
   */
  private InternalRow[] footerRows;
  /** Spark's {@code _metadata} as the query needs it (pruned to the fields used), or null. */
  private StructField metadataField;
  /** A pushed limit or top-N, or null. */
  private BatchSelection selection;

  public ArrowScanBuilder(SparkSession session, PartitioningAwareFileIndex fileIndex, StructType dataSchema,
      CaseInsensitiveStringMap options) {
    super(session, fileIndex, dataSchema);
    this.session = session;
    this.fileIndex = fileIndex;
    this.dataSchema = dataSchema;
    this.options = options;
    this.readOptions = ArrowReadOptions.parse(options.asCaseSensitiveMap(), session.sessionState().conf());
  }

  /** The Hadoop configuration of the read, built once for the footers read while planning and for the scan. */
  private Configuration hadoopConf() {
    if (hadoopConf == null) {
      hadoopConf = ArrowFiles.hadoopConf(session, options.asCaseSensitiveMap());
    }
    return hadoopConf;
  }

  /**
   * Every translated data filter is taken: those the statistics cannot use cost nothing, and Spark still
   * evaluates all of them after the scan ({@code FileScanBuilder.pushFilters} returns the data filters as
   * post-scan filters), so skipping never decides a result.
   */
  @Override
  public Filter[] pushDataFilters(Filter[] dataFilters) {
    return dataFilters;
  }

  /**
   * Takes {@code COUNT(*)} (Spark turns {@code COUNT(1)} into it), {@code COUNT(col)}, and {@code MIN(col)} /
   * {@code MAX(col)} of numeric, boolean, date, timestamp and decimal columns, where {@code col} is a top-level
   * data column, grouped by nothing or by partition columns only, when there are no data filters (Spark does not
   * even offer the aggregate when a filter must run after the scan; partition filters are fine, they only choose
   * files). Each file then yields one row, its partition values and its partial aggregates, and Spark combines
   * those rows. A file answers from its footer statistics where they are exact for the column, else by reading
   * just that column ({@link FileAggregates}): unlike Parquet's pushdown, which fails a query on a file without
   * statistics and so is off by default, every file gives the exact answer, so it is always on. {@code DISTINCT}
   * and everything else is declined and runs as usual.
   */
  @Override
  public boolean pushAggregation(Aggregation aggregation) {
    Plan plan = plan(aggregation);
    if (plan == null) {
      return false;
    }
    pushedAggregation = aggregation;
    pushedAggregates = plan.aggregates();
    aggregationSchema = plan.output();
    return true;
  }

  /**
   * True when the driver has just answered {@code aggregation} whole from the files' footers
   * ({@link FooterAggregation}: a few files, exact statistics): Spark then takes the scan's rows as the result and
   * runs no aggregation, and the scan is those rows. Otherwise the aggregation is pushed (if at all) per file and
   * Spark combines the files' rows.
   */
  @Override
  public boolean supportCompletePushDown(Aggregation aggregation) {
    footerRows = null;
    Plan plan = plan(aggregation);
    if (plan == null) {
      return false;
    }
    if (!readOptions.aggregateOnDriver()) {
      return false;
    }
    List<PartitionDirectory> partitions =
        ScalaCollections.toJava(fileIndex.listFiles(partitionFilters(), dataFilters()));
    footerRows = FooterAggregation.rows(hadoopConf(), partitions, fileIndex.partitionSchema(),
        groupByNames(aggregation), plan.aggregates(), plan.output(), ReadMode.of(readOptions),
        session.sessionState().conf().caseSensitiveAnalysis());
    return footerRows != null;
  }

  /** What a pushed aggregation computes per file and the scan's output then, or null when it can't be pushed. */
  private record Plan(PushedAggregate[] aggregates, StructType output) {}

  private Plan plan(Aggregation aggregation) {
    if (!dataFilters().isEmpty() || aggregation.aggregateExpressions().length == 0) {
      return null;
    }
    StructType partitions = fileIndex.partitionSchema();
    List<StructField> out = new ArrayList<>();
    for (Expression e : aggregation.groupByExpressions()) {
      if (!(e instanceof NamedReference ref) || ref.fieldNames().length != 1) {
        return null;
      }
      StructField f = partitionField(partitions, ref.fieldNames()[0]);
      if (f == null) {
        return null;
      }
      out.add(f);
    }
    List<PushedAggregate> aggregates = new ArrayList<>();
    for (AggregateFunc f : aggregation.aggregateExpressions()) {
      PushedAggregate p = pushable(f);
      if (p == null) {
        return null;
      }
      aggregates.add(p);
      out.add(p.resultField(f.toString()));
    }
    return new Plan(aggregates.toArray(new PushedAggregate[0]), new StructType(out.toArray(new StructField[0])));
  }

  static String[] groupByNames(Aggregation aggregation) {
    Expression[] groupBy = aggregation.groupByExpressions();
    String[] names = new String[groupBy.length];
    for (int i = 0; i < groupBy.length; i++) {
      names[i] = ((NamedReference) groupBy[i]).fieldNames()[0];
    }
    return names;
  }

  /** {@code f} as a per-file aggregate, or null when it cannot be pushed. */
  private PushedAggregate pushable(AggregateFunc f) {
    if (f instanceof CountStar) {
      return new PushedAggregate(PushedAggregate.Function.COUNT_STAR, null, DataTypes.LongType);
    }
    Expression column;
    PushedAggregate.Function function;
    if (f instanceof Count c && !c.isDistinct()) {
      column = c.column();
      function = PushedAggregate.Function.COUNT;
    } else if (f instanceof Min m) {
      column = m.column();
      function = PushedAggregate.Function.MIN;
    } else if (f instanceof Max m) {
      column = m.column();
      function = PushedAggregate.Function.MAX;
    } else {
      return null;
    }
    if (!(column instanceof NamedReference ref) || ref.fieldNames().length != 1
        || partitionField(fileIndex.partitionSchema(), ref.fieldNames()[0]) != null) {
      return null;
    }
    StructField field = partitionField(dataSchema, ref.fieldNames()[0]);
    if (field == null) {
      return null;
    }
    org.apache.spark.sql.types.DataType t = field.dataType();
    if (function != PushedAggregate.Function.COUNT && !(t instanceof org.apache.spark.sql.types.NumericType
        || t instanceof org.apache.spark.sql.types.BooleanType || t instanceof org.apache.spark.sql.types.DateType
        || t instanceof org.apache.spark.sql.types.TimestampType
        || t instanceof org.apache.spark.sql.types.TimestampNTZType)) {
      return null;
    }
    return new PushedAggregate(function, field.name(), t);
  }

  private StructField partitionField(StructType partitions, String name) {
    boolean caseSensitive = session.sessionState().conf().caseSensitiveAnalysis();
    for (StructField f : partitions.fields()) {
      if (caseSensitive ? f.name().equals(name) : f.name().equalsIgnoreCase(name)) {
        return f;
      }
    }
    return null;
  }

  /**
   * Takes a limit over the scan when there is no data filter (Spark offers none then, as the filters stay after the
   * scan; and rows that a filter removes would not count): the scan plans only the first record batches whose footer
   * row counts reach {@code limit} ({@link BatchSelection}). Spark still applies the limit: see
   * {@link #isPartiallyPushed}.
   *
   * <p>{@code OFFSET} is not taken ({@code SupportsPushDownOffset}). Accepting it, Spark drops its own offset and the
   * scan must leave out exactly the first {@code m} rows of its output, in the order Spark would see them. Whole
   * batches could be left out by their footer row counts, but the rest of the offset falls inside a batch, which the
   * reader cannot start at, and a scan of several tasks has no first rows to leave out. With a limit there is nothing
   * to gain anyway: Spark offers the offset only after a limit it could remove, which a partly pushed limit is not;
   * and it pushes {@code LIMIT n OFFSET m} as a limit of {@code n + m}, which already plans only the batches that
   * hold those rows ({@code LimitAndTopNTest}).
   */
  @Override
  public boolean pushLimit(int limit) {
    if (!dataFilters().isEmpty() || pushedAggregation != null || limit < 0) {
      return false;
    }
    selection = BatchSelection.limit(limit);
    return true;
  }

  /**
   * Takes {@code ORDER BY c LIMIT n} when the first sort key is a top-level data column of a type whose statistics
   * are exact (integers, floating point, decimals, booleans, dates, timestamps; {@link FileAggregates}) and there is
   * no data filter: the scan plans only the record batches whose min/max and null count let them hold one of the
   * first {@code n} rows ({@link BatchSelection}). Later sort keys only order ties of the first, so leaving out
   * batches by the first alone keeps every candidate. Spark still sorts and limits.
   */
  @Override
  public boolean pushTopN(SortOrder[] orders, int limit) {
    if (!dataFilters().isEmpty() || pushedAggregation != null || orders.length == 0 || limit < 0
        || !(orders[0].expression() instanceof NamedReference ref) || ref.fieldNames().length != 1
        || partitionField(fileIndex.partitionSchema(), ref.fieldNames()[0]) != null) {
      return false;
    }
    StructField field = partitionField(dataSchema, ref.fieldNames()[0]);
    if (field == null || !(field.dataType() instanceof org.apache.spark.sql.types.NumericType
        || field.dataType() instanceof org.apache.spark.sql.types.BooleanType
        || field.dataType() instanceof org.apache.spark.sql.types.DateType
        || field.dataType() instanceof org.apache.spark.sql.types.TimestampType
        || field.dataType() instanceof org.apache.spark.sql.types.TimestampNTZType)) {
      return false;
    }
    selection = BatchSelection.topN(limit, field.name(), field.dataType(),
        orders[0].direction() == SortDirection.DESCENDING, orders[0].nullOrdering() == NullOrdering.NULLS_FIRST);
    return true;
  }

  /** The scan leaves out batches only: Spark still applies the limit (and sort) to the rows it reads. */
  @Override
  public boolean isPartiallyPushed() {
    return true;
  }

  /**
   * Spark may hand the scan struct columns with only the fields a query uses ({@code select st.x}); the file's
   * other children are then neither read nor decoded ({@code types.NestedPruning}).
   */
  @Override
  public boolean supportsNestedSchemaPruning() {
    return true;
  }

  /**
   * Takes Spark's {@code _metadata} out of the required columns: it is no data column (Spark's
   * {@code readDataSchema} would keep it, as it keeps every required column that is not a partition column) and
   * goes at the end of the scan's output ({@link ArrowScan#readSchema}). A required {@code _metadata} that the
   * data schema has is the file's column: Spark hides the metadata column then.
   */
  @Override
  public void pruneColumns(StructType requiredSchema) {
    metadataField = null;
    if (partitionField(dataSchema, FileMetadataColumn.NAME) == null) {
      List<StructField> data = new ArrayList<>();
      for (StructField f : requiredSchema.fields()) {
        if (f.name().equals(FileMetadataColumn.NAME)) {
          metadataField = f;
        } else {
          data.add(f);
        }
      }
      requiredSchema = new StructType(data.toArray(new StructField[0]));
    }
    super.pruneColumns(requiredSchema);
  }

  @Override
  public Scan build() {
    if (footerRows != null && pushedAggregation != null) {
      StringBuilder what = new StringBuilder();
      for (AggregateFunc f : pushedAggregation.aggregateExpressions()) {
        what.append(what.length() == 0 ? "" : ", ").append(f.describe());
      }
      return new FooterAggregateScan(aggregationSchema, footerRows, "arrowfile footers: " + what + " over "
          + fileIndex.rootPaths().mkString(", "));
    }
    return new ArrowScan(session, fileIndex, dataSchema, readDataSchema(), readPartitionSchema(), options,
        readOptions, hadoopConf(), partitionFilters().toList(), dataFilters().toList(), pushedDataFilters(), pushedAggregation,
        aggregationSchema, pushedAggregates, pushedAggregation == null ? selection : null)
        .withMetadata(pushedAggregation == null ? metadataField : null);
  }
}
