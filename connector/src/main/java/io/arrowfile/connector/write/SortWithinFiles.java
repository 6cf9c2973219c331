package io.arrowfile.connector.write;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.Ascending$;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.NullsFirst$;
import org.apache.spark.sql.catalyst.expressions.RowOrdering;
import org.apache.spark.sql.catalyst.expressions.SortOrder;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.UserDefinedType;
import scala.collection.immutable.Seq;
import io.arrowfile.spark.ScalaCollections;

/**
 * The write option {@code sortWithinFiles}: the columns the rows of each written file are sorted by, ascending
 * with nulls first (Spark's default order), checked on the driver against the columns written into files and
 * turned on the executor into the sort order of {@link SortingOutputWriter}.
 */
public final class SortWithinFiles {
  private SortWithinFiles() {}

  /**
   * The columns of {@code dataSchema} that {@code names} designate, spelled as in the schema.
   *
   * @param dataSchema the columns written into files (partition columns are not: they are constant in a file)
   * @param caseSensitive {@code spark.sql.caseSensitive}: whether names must match the schema's case
   * @throws IllegalArgumentException for a name that is not a written column (listing them), an ambiguous name,
   *     or a column whose type cannot be sorted by (nested, map, variant, interval)
   */
  public static List<String> resolve(List<String> names, StructType dataSchema, boolean caseSensitive) {
    List<String> resolved = new ArrayList<>(names.size());
    for (String name : names) {
      StructField found = null;
      for (StructField f : dataSchema.fields()) {
        if (caseSensitive ? f.name().equals(name) : f.name().equalsIgnoreCase(name)) {
          if (found != null) {
            throw new IllegalArgumentException("arrowfile write option sortWithinFiles: column '" + name
                + "' is ambiguous: '" + found.name() + "' and '" + f.name() + "' both match it (case-insensitive"
                + " names); set spark.sql.caseSensitive=true to choose one by its exact name");
          }
          found = f;
        }
      }
      if (found == null) {
        throw new IllegalArgumentException("arrowfile write option sortWithinFiles: no column '" + name
            + "' among the columns written into files: " + String.join(", ", dataSchema.fieldNames())
            + " (partition columns are not among them: they are constant within a file)");
      }
      String refused = refusal(found.dataType());
      if (refused != null) {
        throw new IllegalArgumentException("arrowfile write option sortWithinFiles: cannot sort by column '"
            + found.name() + "' of type " + found.dataType().simpleString() + ": " + refused
            + "; name top-level columns of atomic types (numbers, strings, dates, timestamps, ...)");
      }
      if (resolved.contains(found.name())) {
        throw new IllegalArgumentException("arrowfile write option sortWithinFiles: column '" + found.name()
            + "' is named twice");
      }
      resolved.add(found.name());
    }
    return resolved;
  }

  /** Why rows cannot be sorted by a column of {@code type}, or null when they can. */
  private static String refusal(DataType type) {
    DataType t = type instanceof UserDefinedType<?> udt ? udt.sqlType() : type;
    if (t instanceof StructType || t instanceof ArrayType || t instanceof MapType) {
      return "nested columns are not sort keys (their batches carry no min/max statistics to narrow)";
    }
    if (!RowOrdering.isOrderable(t)) {
      return "Spark defines no order on this type";
    }
    return null;
  }

  /**
   * Spark's sort order over rows of {@code dataSchema}: {@code columns} (resolved names) ascending, nulls first.
   */
  static List<SortOrder> sortOrder(List<String> columns, StructType dataSchema) {
    List<SortOrder> order = new ArrayList<>(columns.size());
    Seq<Expression> noSameOrder = ScalaCollections.toList(List.<Expression>of());
    for (String column : columns) {
      int i = dataSchema.fieldIndex(column);
      StructField f = dataSchema.fields()[i];
      order.add(new SortOrder(new BoundReference(i, f.dataType(), f.nullable()), Ascending$.MODULE$,
          NullsFirst$.MODULE$, noSameOrder));
    }
    return order;
  }
}
