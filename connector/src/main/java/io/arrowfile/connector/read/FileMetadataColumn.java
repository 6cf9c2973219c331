package io.arrowfile.connector.read;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.Literal$;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.execution.datasources.FileFormat;
import org.apache.spark.sql.execution.datasources.FileFormat$;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat$;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import io.arrowfile.spark.ScalaCollections;

/**
 * Spark's hidden {@code _metadata} column of file sources, as a DataFrame read (V2) offers it: the struct Parquet
 * offers, with the same field names, types and nullability ({@code file_path}, {@code file_name},
 * {@code file_size}, {@code file_block_start}, {@code file_block_length}, {@code file_modification_time}, then
 * {@code row_index}, the row's position in its file). The file fields take Spark's own values for a
 * {@link PartitionedFile} ({@code FileFormat.BASE_METADATA_EXTRACTORS}), so they read exactly as Parquet's do.
 */
public final class FileMetadataColumn implements MetadataColumn {
  public static final FileMetadataColumn INSTANCE = new FileMetadataColumn();
  /** {@code _metadata}. */
  public static final String NAME = FileFormat$.MODULE$.METADATA_NAME();
  /** {@code row_index}. */
  public static final String ROW_INDEX = ParquetFileFormat$.MODULE$.ROW_INDEX();
  /**
   * The name under which Spark's V1 scan asks a format for {@code row_index}: a data column of that name in the
   * required schema, to be filled with row positions ({@code FileSourceGeneratedMetadataStructField}).
   */
  public static final String ROW_INDEX_TEMPORARY_COLUMN = ParquetFileFormat$.MODULE$.ROW_INDEX_TEMPORARY_COLUMN_NAME();

  private static final StructType TYPE = structType();

  private FileMetadataColumn() {}

  /**
   * The fields a V1 file format declares ({@code FileFormat.metadataSchemaFields}): Spark's constant ones, then
   * {@code row_index} as Parquet's very field (Spark's only definition of it; its internal name is what the V1
   * scan then asks the reader for).
   */
  public static List<StructField> v1Fields(List<StructField> base) {
    List<StructField> fields = new ArrayList<>(base);
    fields.add(ParquetFileFormat$.MODULE$.ROW_INDEX_FIELD());
    return fields;
  }

  /** Spark's base fields then {@code row_index}, without the markers Spark's V1 planning puts on them. */
  private static StructType structType() {
    List<StructField> fields = new ArrayList<>();
    for (StructField f : ScalaCollections.toJava(FileFormat$.MODULE$.BASE_METADATA_FIELDS())) {
      fields.add(new StructField(f.name(), f.dataType(), f.nullable(), Metadata.empty()));
    }
    StructField rowIndex = ParquetFileFormat$.MODULE$.ROW_INDEX_FIELD();
    fields.add(new StructField(rowIndex.name(), rowIndex.dataType(), rowIndex.nullable(), Metadata.empty()));
    return new StructType(fields.toArray(new StructField[0]));
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public DataType dataType() {
    return TYPE;
  }

  @Override
  public boolean isNullable() {
    return false;
  }

  @Override
  public String comment() {
    return "file path, name, size, block start and length, modification time, and row index of each row";
  }

  /**
   * The vectors of the {@code requested} fields of {@code _metadata} (as Spark pruned it) for {@code file}: a
   * constant vector per file field; a null entry where {@code row_index} goes, which changes with every batch.
   */
  static ColumnVector[] constants(StructType requested, PartitionedFile file) {
    StructField[] fields = requested.fields();
    ColumnVector[] vectors = new ColumnVector[fields.length];
    for (int i = 0; i < fields.length; i++) {
      if (fields[i].name().equals(ROW_INDEX)) {
        continue;
      }
      ConstantColumnVector v = new ConstantColumnVector(1, fields[i].dataType());
      // Spark's extractor of the field, its value made a literal's (a String becomes a UTF8String); not
      // FileFormat.getFileConstantMetadataColumnValue, whose parameters differ between Spark 4.1 and 4.2
      Object raw = FileFormat$.MODULE$.BASE_METADATA_EXTRACTORS().apply(fields[i].name()).apply(file);
      Object value = Literal$.MODULE$.apply(raw).value();
      ColumnVectorUtils.populate(v, new GenericInternalRow(new Object[] {value}), 0);
      vectors[i] = v;
    }
    return vectors;
  }

  /** The position of {@code row_index} among {@code requested}'s fields, or -1. */
  static int rowIndexField(StructType requested) {
    StructField[] fields = requested.fields();
    for (int i = 0; i < fields.length; i++) {
      if (fields[i].name().equals(ROW_INDEX)) {
        return i;
      }
    }
    return -1;
  }
}
