package io.arrowfile.testing;

import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.opentest4j.AssertionFailedError;

/**
 * Deep equality of values in our object model: {@code byte[]} by content, NaN equal to NaN (and 0.0 to
 * -0.0), {@link BigDecimal} by {@code compareTo} and equal scale, {@link Map.Entry} by key and value,
 * {@link UnionValue} by type id and value, leaves also by class (an Integer is not a Long). Failures name the
 * place, e.g. {@code batch 1, column 'a', row 17, .item[2].x: expected 3 but was 4}.
 */
public final class ValueAssertions {
  private ValueAssertions() {}

  /** How {@link #assertDatasetsEqual(Dataset, Dataset, SchemaCheck)} compares schemas. */
  public enum SchemaCheck {
    /** {@link Schema#equals}. */
    EXACT,
    /**
     * Equal with every dictionary id set to 0, so neither ids nor the sharing of dictionaries need match
     * (index type and ordered must): writers number and share dictionaries their own way (the golden JSON
     * and binary files of generated_nested_dictionary differ in both).
     */
    IGNORE_DICTIONARY_IDS,
    /** Schemas not compared (values are still compared field by field with the expected schema). */
    NONE
  }

  /** Schema ({@link SchemaCheck#EXACT}), batch count, batch lengths and every value. */
  public static void assertDatasetsEqual(Dataset expected, Dataset actual) {
    assertDatasetsEqual(expected, actual, SchemaCheck.EXACT);
  }

  /** As {@link #assertDatasetsEqual(Dataset, Dataset)} with the given schema comparison. */
  public static void assertDatasetsEqual(Dataset expected, Dataset actual, SchemaCheck schemaCheck) {
    if (schemaCheck == SchemaCheck.EXACT) {
      assertSchemasEqual(expected.schema(), actual.schema());
    } else if (schemaCheck == SchemaCheck.IGNORE_DICTIONARY_IDS) {
      assertSchemasEqual(normalizeDictionaryIds(expected.schema()), normalizeDictionaryIds(actual.schema()));
    }
    if (expected.batches().size() != actual.batches().size()) {
      throw new AssertionFailedError("batch count: expected " + expected.batches().size() + " but was "
          + actual.batches().size(), expected.batches().size(), actual.batches().size());
    }
    for (int b = 0; b < expected.batches().size(); b++) {
      assertBatchEqual(expected.schema(), expected.batches().get(b), actual.batches().get(b), "batch " + b);
    }
  }

  public static void assertSchemasEqual(Schema expected, Schema actual) {
    if (!expected.equals(actual)) {
      throw new AssertionFailedError("schemas differ: expected " + expected + " but was " + actual,
          expected.toString(), actual.toString());
    }
  }

  /** {@code schema} with every dictionary id set to 0. */
  public static Schema normalizeDictionaryIds(Schema schema) {
    java.util.Map<Long, Long> ids = new java.util.HashMap<>();
    java.util.List<Field> fields = new java.util.ArrayList<>();
    for (Field f : schema.fields()) {
      fields.add(renumber(f, ids));
    }
    return new Schema(fields, schema.metadata());
  }

  private static Field renumber(Field f, java.util.Map<Long, Long> ids) {
    io.arrowfile.columnar.type.DictionaryEncoding d = f.dictionary();
    if (d != null) {
      long id = 0;
      d = new io.arrowfile.columnar.type.DictionaryEncoding(id, d.indexType(), d.ordered());
    }
    java.util.List<Field> children = new java.util.ArrayList<>();
    for (Field c : f.children()) {
      children.add(renumber(c, ids));
    }
    return new Field(f.name(), f.nullable(), f.type(), d, children, f.metadata());
  }

  /** One batch (column -> rows) of {@code schema}; {@code prefix} starts the failure messages. */
  public static void assertBatchEqual(Schema schema, List<List<Object>> expected, List<List<Object>> actual,
      String prefix) {
    if (expected.size() != actual.size()) {
      throw new AssertionFailedError(prefix + ": column count: expected " + expected.size() + " but was "
          + actual.size());
    }
    for (int c = 0; c < expected.size(); c++) {
      Field field = c < schema.fields().size() ? schema.field(c) : null;
      String name = field == null ? "#" + c : field.name();
      assertColumnEqual(field, expected.get(c), actual.get(c), prefix + ", column '" + name + "'");
    }
  }

  /** One column's rows; {@code prefix} starts the failure messages ("..., row 17"). */
  public static void assertColumnEqual(Field field, List<Object> expected, List<Object> actual, String prefix) {
    if (expected.size() != actual.size()) {
      throw new AssertionFailedError(prefix + ": row count: expected " + expected.size() + " but was "
          + actual.size());
    }
    for (int r = 0; r < expected.size(); r++) {
      assertValuesEqual(field, expected.get(r), actual.get(r), prefix + ", row " + r + (prefix.isEmpty() ? "" : ""));
    }
  }

  /**
   * Deep equality of one value of {@code field} (may be null: then the values alone guide the comparison).
   * {@code path} starts the failure message; nested places are appended as {@code .child}, {@code [i]},
   * {@code [i].key}, {@code <typeId>}.
   */
  public static void assertValuesEqual(Field field, Object expected, Object actual, String path) {
    String where = path == null ? "" : path;
    if (expected == null || actual == null) {
      if (expected != actual) {
        fail(where, expected, actual);
      }
      return;
    }
    ArrowType type = field == null ? null : field.type();
    if (expected instanceof UnionValue eu) {
      if (!(actual instanceof UnionValue au)) {
        fail(where, expected, actual);
        return;
      }
      if (eu.typeId() != au.typeId()) {
        throw new AssertionFailedError(where + ": union type id: expected " + eu.typeId() + " but was "
            + au.typeId() + " (expected " + describe(expected) + " but was " + describe(actual) + ")");
      }
      Field child = null;
      if (type instanceof ArrowType.Union u && field != null) {
        int[] map = u.childIndexByTypeId(field.children().size());
        int idx = eu.typeId() >= 0 ? map[eu.typeId()] : -1;
        child = idx >= 0 ? field.child(idx) : null;
      }
      assertValuesEqual(child, eu.value(), au.value(), sub(where, "<" + eu.typeId() + ">"));
      return;
    }
    if (expected instanceof Map.Entry<?, ?> ee) {
      if (!(actual instanceof Map.Entry<?, ?> ae)) {
        fail(where, expected, actual);
        return;
      }
      Field keyField = null;
      Field valueField = null;
      if (field != null && field.children().size() == 1 && field.child(0).children().size() == 2) {
        keyField = field.child(0).child(0);
        valueField = field.child(0).child(1);
      }
      assertValuesEqual(keyField, ee.getKey(), ae.getKey(), sub(where, ".key"));
      assertValuesEqual(valueField, ee.getValue(), ae.getValue(), sub(where, ".value"));
      return;
    }
    if (type instanceof ArrowType.RunEndEncoded && field.children().size() == 2) {
      assertValuesEqual(field.child(1), expected, actual, where);
      return;
    }
    if (expected instanceof List<?> el) {
      if (!(actual instanceof List<?> al)) {
        fail(where, expected, actual);
        return;
      }
      boolean struct = type instanceof ArrowType.Struct;
      if (el.size() != al.size()) {
        throw new AssertionFailedError(where + ": " + (struct ? "struct children" : "list length") + ": expected "
            + el.size() + " but was " + al.size() + " (expected " + describe(expected) + " but was "
            + describe(actual) + ")");
      }
      for (int k = 0; k < el.size(); k++) {
        if (struct && k < field.children().size()) {
          assertValuesEqual(field.child(k), el.get(k), al.get(k), sub(where, "." + field.child(k).name()));
        } else if (type instanceof ArrowType.Map) {
          assertValuesEqual(field, el.get(k), al.get(k), sub(where, "[" + k + "]"));
        } else {
          Field item = field != null && field.children().size() == 1 && !struct ? field.child(0) : null;
          assertValuesEqual(item, el.get(k), al.get(k), sub(where, "[" + k + "]"));
        }
      }
      return;
    }
    if (!leafEquals(expected, actual)) {
      fail(where, expected, actual);
    }
  }

  private static String sub(String where, String part) {
    if (where.isEmpty()) {
      return part;
    }
    char last = where.charAt(where.length() - 1);
    return where + (Character.isDigit(last) && where.matches(".*row \\d+") ? ", " : "") + part;
  }

  /** Leaf equality as described in the class comment (also usable on whole values; then field-less). */
  public static boolean valuesEqual(Object expected, Object actual) {
    try {
      assertValuesEqual(null, expected, actual, "");
      return true;
    } catch (AssertionError e) {
      return false;
    }
  }

  private static boolean leafEquals(Object e, Object a) {
    if (e.getClass() != a.getClass()) {
      return false;
    }
    if (e instanceof byte[] eb) {
      return java.util.Arrays.equals(eb, (byte[]) a);
    }
    if (e instanceof Float ef) {
      float x = ef;
      float y = (Float) a;
      return x == y || (Float.isNaN(x) && Float.isNaN(y));
    }
    if (e instanceof Double ed) {
      double x = ed;
      double y = (Double) a;
      return x == y || (Double.isNaN(x) && Double.isNaN(y));
    }
    if (e instanceof BigDecimal ed) {
      BigDecimal ad = (BigDecimal) a;
      return ed.compareTo(ad) == 0 && ed.scale() == ad.scale();
    }
    return e.equals(a);
  }

  private static void fail(String where, Object expected, Object actual) {
    throw new AssertionFailedError((where.isEmpty() ? "" : where + ": ") + "expected " + describe(expected)
        + " but was " + describe(actual), describe(expected), describe(actual));
  }

  /** A short readable rendering: byte[] as hex, class names for leaves, nested values abbreviated. */
  public static String describe(Object v) {
    StringBuilder sb = new StringBuilder();
    describe(v, sb, 0);
    return sb.toString();
  }

  private static void describe(Object v, StringBuilder sb, int depth) {
    if (sb.length() > 300) {
      sb.append("...");
      return;
    }
    if (v == null) {
      sb.append("null");
    } else if (v instanceof byte[] b) {
      sb.append("0x").append(HexFormat.of().formatHex(b, 0, Math.min(b.length, 64)));
      if (b.length > 64) {
        sb.append("...(").append(b.length).append(" bytes)");
      }
    } else if (v instanceof List<?> l) {
      sb.append('[');
      for (int i = 0; i < l.size(); i++) {
        if (i > 0) {
          sb.append(", ");
        }
        if (sb.length() > 300) {
          sb.append("...(").append(l.size()).append(" items)");
          break;
        }
        describe(l.get(i), sb, depth + 1);
      }
      sb.append(']');
    } else if (v instanceof Map.Entry<?, ?> e) {
      describe(e.getKey(), sb, depth + 1);
      sb.append('=');
      describe(e.getValue(), sb, depth + 1);
    } else if (v instanceof UnionValue u) {
      sb.append("UnionValue(").append(u.typeId()).append(", ");
      describe(u.value(), sb, depth + 1);
      sb.append(')');
    } else if (v instanceof String s) {
      sb.append('"').append(s.length() > 100 ? s.substring(0, 100) + "..." : s).append('"');
    } else {
      sb.append(v);
      if (depth == 0) {
        sb.append(" (").append(v.getClass().getSimpleName()).append(')');
      }
    }
  }
}
