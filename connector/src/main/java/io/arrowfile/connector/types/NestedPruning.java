package io.arrowfile.connector.types;

import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructType;

/**
 * Nested schema pruning: Spark hands a V2 scan the columns a query reads with the struct fields it does not need
 * left out ({@code spark.sql.optimizer.nestedSchemaPruning.enabled}): {@code st struct<x>} for a file's
 * {@code st struct<x, y, z>}, also inside arrays and map values. Struct children are matched by their Spark names
 * ({@link ArrowToSpark#uniqueNames}); the column vectors of a struct (or of a union, which Spark reads as a struct
 * of its members) pick the wanted children by name. A reader that decodes the pruned Arrow field
 * ({@link #prune}) neither reads nor checks the other children's buffers.
 */
public final class NestedPruning {
  private NestedPruning() {}

  /** Whether Spark type {@code requested} reads {@code f}: its own type, or a pruned form of it. */
  public static boolean readableAs(Field f, DataType requested, boolean caseSensitive) {
    if (ArrowToSpark.readableAs(f, requested)) {
      return true;
    }
    if (f.isDictionaryEncoded()) {
      return false;
    }
    ArrowType t = f.type();
    if ((t instanceof ArrowType.Struct || t instanceof ArrowType.Union) && requested instanceof StructType st) {
      int[] children = children(f, st, caseSensitive);
      if (children == null) {
        return false;
      }
      for (int j = 0; j < children.length; j++) {
        if (!readableAs(f.child(children[j]), st.fields()[j].dataType(), caseSensitive)) {
          return false;
        }
      }
      return true;
    } else if (isList(t) && requested instanceof ArrayType at) {
      return readableAs(f.child(0), at.elementType(), caseSensitive);
    } else if (t instanceof ArrowType.Map && requested instanceof MapType mt) {
      Field entries = f.child(0);
      return readableAs(entries.child(0), mt.keyType(), caseSensitive)
          && readableAs(entries.child(1), mt.valueType(), caseSensitive);
    } else if (t instanceof ArrowType.RunEndEncoded) {
      return readableAs(f.child(1), requested, caseSensitive);
    }
    return false;
  }

  /**
   * The indexes among the children of struct (or union) {@code f} that the fields of {@code requested} name, in
   * {@code requested}'s order, or null when one names no child.
   */
  public static int[] children(Field f, StructType requested, boolean caseSensitive) {
    String[] names = ArrowToSpark.uniqueNames(f.children().stream().map(Field::name).toList(), caseSensitive);
    int[] out = new int[requested.fields().length];
    for (int j = 0; j < out.length; j++) {
      out[j] = ArrowToSpark.columnIndex(names, requested.fields()[j].name(), caseSensitive);
      if (out[j] < 0) {
        return null;
      }
    }
    return out;
  }

  /**
   * {@code f} with only the struct children {@code requested} reads, recursively (itself when it reads them all):
   * the schema a reader decodes so that the other children's buffers are neither read nor checked. Unions keep
   * all their members (their type ids index them all), dictionary-encoded fields their values.
   */
  public static Field prune(Field f, DataType requested, boolean caseSensitive) {
    if (f.isDictionaryEncoded()) {
      return f;
    }
    ArrowType t = f.type();
    List<Field> children = new ArrayList<>();
    if (t instanceof ArrowType.Struct && requested instanceof StructType st) {
      int[] wanted = children(f, st, caseSensitive);
      if (wanted == null || f.children().stream().map(Field::name).distinct().count() != f.children().size()) {
        return f; // repeated names are read whole: the reader matches kept children by name
      }
      // In the file's order, which the record batch's buffers follow.
      DataType[] typeOf = new DataType[f.children().size()];
      for (int j = 0; j < wanted.length; j++) {
        typeOf[wanted[j]] = st.fields()[j].dataType();
      }
      for (int k = 0; k < typeOf.length; k++) {
        if (typeOf[k] != null) {
          children.add(prune(f.child(k), typeOf[k], caseSensitive));
        }
      }
    } else if (isList(t) && requested instanceof ArrayType at) {
      children.add(prune(f.child(0), at.elementType(), caseSensitive));
    } else if (t instanceof ArrowType.Map && requested instanceof MapType mt) {
      Field entries = f.child(0);
      children.add(entries.withChildren(List.of(prune(entries.child(0), mt.keyType(), caseSensitive),
          prune(entries.child(1), mt.valueType(), caseSensitive))));
    } else if (t instanceof ArrowType.RunEndEncoded) {
      children.add(f.child(0));
      children.add(prune(f.child(1), requested, caseSensitive));
    } else {
      return f;
    }
    return children.equals(f.children()) ? f : f.withChildren(children);
  }

  private static boolean isList(ArrowType t) {
    return t instanceof ArrowType.List || t instanceof ArrowType.LargeList || t instanceof ArrowType.ListView
        || t instanceof ArrowType.LargeListView || t instanceof ArrowType.FixedSizeList;
  }
}
