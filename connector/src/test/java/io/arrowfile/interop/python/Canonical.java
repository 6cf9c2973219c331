package io.arrowfile.interop.python;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.testing.PythonPeers;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.CalendarInterval;
import io.arrowfile.spark.ScalaCollections;

/**
 * The canonical JSON form of values that {@code testkit/python/check_our_files.py} compares against (its
 * docstring defines it), made from what the Java side wrote: Spark rows or our object model. Also the case
 * list, the run of the script and the reading of its report.
 */
public final class Canonical {
  public static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final long TWO_53 = 1L << 53;

  private Canonical() {}

  static JsonNode integer(long v) {
    return Math.abs(v) <= TWO_53 && v != Long.MIN_VALUE ? F.numberNode(v) : F.textNode(Long.toString(v));
  }

  static JsonNode integer(BigInteger v) {
    return v.abs().compareTo(BigInteger.valueOf(TWO_53)) <= 0 ? F.numberNode(v.longValue()) : F.textNode(v.toString());
  }

  static JsonNode floating(double v) {
    if (Double.isNaN(v)) {
      return F.textNode("NaN");
    }
    if (Double.isInfinite(v)) {
      return F.textNode(v > 0 ? "Infinity" : "-Infinity");
    }
    return F.numberNode(v);
  }

  static JsonNode decimal(BigDecimal v, int scale) {
    return F.textNode(v.setScale(scale).toPlainString());
  }

  static JsonNode hex(byte[] b) {
    return F.textNode(HexFormat.of().formatHex(b));
  }

  // ------------------------------------------------------------------ Spark rows (external Java types)

  /** A value of a collected Spark row (java8API on: LocalDate, Instant, LocalDateTime, Duration, Period). */
  static JsonNode spark(Object v, DataType t) {
    if (v == null) {
      return F.nullNode();
    }
    if (v instanceof Boolean b) {
      return F.booleanNode(b);
    }
    if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
      return integer(((Number) v).longValue());
    }
    if (v instanceof Float f) {
      return floating(f.doubleValue());
    }
    if (v instanceof Double d) {
      return floating(d);
    }
    if (v instanceof BigDecimal d) {
      return decimal(d, ((DecimalType) t).scale());
    }
    if (v instanceof String s) {
      return F.textNode(s);
    }
    if (v instanceof byte[] b) {
      return hex(b);
    }
    if (v instanceof LocalDate d) {
      return integer(d.toEpochDay());
    }
    if (v instanceof Instant i) {
      return integer(Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1000));
    }
    if (v instanceof LocalDateTime ldt) {
      return spark(ldt.toInstant(ZoneOffset.UTC), t);
    }
    if (v instanceof Duration d) {
      return integer(Math.addExact(Math.multiplyExact(d.getSeconds(), 1_000_000L), d.getNano() / 1000));
    }
    if (v instanceof Period p) {
      return integer(p.toTotalMonths());
    }
    if (v instanceof CalendarInterval ci) {
      ArrayNode a = F.arrayNode();
      a.add(ci.months).add(ci.days);
      a.add(integer(Math.multiplyExact(ci.microseconds, 1000L)));
      return a;
    }
    if (t instanceof ArrayType at) {
      ArrayNode a = F.arrayNode();
      for (Object e : javaList(v)) {
        a.add(spark(e, at.elementType()));
      }
      return a;
    }
    if (t instanceof MapType mt) {
      ArrayNode a = F.arrayNode();
      Map<?, ?> m = v instanceof scala.collection.Map<?, ?> sm ? ScalaCollections.toJava(sm) : (Map<?, ?>) v;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        a.add(F.arrayNode().add(spark(e.getKey(), mt.keyType())).add(spark(e.getValue(), mt.valueType())));
      }
      return a;
    }
    if (t instanceof StructType st) {
      Row r = (Row) v;
      ObjectNode o = F.objectNode();
      StructField[] fields = st.fields();
      for (int i = 0; i < fields.length; i++) {
        o.set(fields[i].name(), spark(r.get(i), fields[i].dataType()));
      }
      return o;
    }
    throw new IllegalArgumentException("no canonical form for " + v.getClass() + " of " + t);
  }

  private static List<?> javaList(Object v) {
    if (v instanceof scala.collection.Seq<?> s) {
      return ScalaCollections.toJava(s);
    }
    if (v instanceof List<?> l) {
      return l;
    }
    throw new IllegalArgumentException("not a list: " + v.getClass());
  }

  /** Rows of {@code schema}'s columns {@code columns} (by name) as canonical arrays. */
  public static ArrayNode sparkRows(List<Row> rows, StructType schema, List<String> columns) {
    ArrayNode out = F.arrayNode();
    for (Row r : rows) {
      ArrayNode row = F.arrayNode();
      for (String c : columns) {
        int i = schema.fieldIndex(c);
        row.add(spark(r.get(i), schema.fields()[i].dataType()));
      }
      out.add(row);
    }
    return out;
  }

  // ------------------------------------------------------------------ our object model

  /** A value of our object model (what {@code RandomData} makes and our builders take) for {@code field}. */
  static JsonNode model(Object v, Field field) {
    if (v == null) {
      return F.nullNode();
    }
    if (field.isDictionaryEncoded()) {
      return model(v, field.dictionaryValueField());
    }
    ArrowType t = field.type();
    if (t instanceof ArrowType.RunEndEncoded) {
      return model(v, field.child(1));
    }
    if (t instanceof ArrowType.Union u) {
      UnionValue uv = (UnionValue) v;
      Field child = null;
      for (int k = 0; k < field.children().size(); k++) {
        if (u.typeIdOf(k) == uv.typeId()) {
          child = field.child(k);
        }
      }
      JsonNode inner = model(uv.value(), child);
      return inner.isNull() ? inner : F.arrayNode().add(uv.typeId()).add(inner);
    }
    if (t instanceof ArrowType.Struct) {
      List<?> values = (List<?>) v;
      ObjectNode o = F.objectNode();
      for (int i = 0; i < field.children().size(); i++) {
        o.set(field.child(i).name(), model(values.get(i), field.child(i)));
      }
      return o;
    }
    if (t instanceof ArrowType.Map) {
      Field entries = field.child(0);
      ArrayNode a = F.arrayNode();
      for (Object e : (List<?>) v) {
        Map.Entry<?, ?> en = (Map.Entry<?, ?>) e;
        a.add(F.arrayNode().add(model(en.getKey(), entries.child(0))).add(model(en.getValue(), entries.child(1))));
      }
      return a;
    }
    if (t.isNested()) { // the list kinds
      ArrayNode a = F.arrayNode();
      for (Object e : (List<?>) v) {
        a.add(model(e, field.child(0)));
      }
      return a;
    }
    if (v instanceof Boolean b) {
      return F.booleanNode(b);
    }
    if (v instanceof BigInteger bi) {
      return integer(bi);
    }
    if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
      return integer(((Number) v).longValue());
    }
    if (v instanceof Float || v instanceof Double) {
      return floating(((Number) v).doubleValue());
    }
    if (v instanceof BigDecimal d) {
      return decimal(d, ((ArrowType.Decimal) t).scale());
    }
    if (v instanceof String s) {
      return F.textNode(s);
    }
    if (v instanceof byte[] b) {
      return hex(b);
    }
    if (v instanceof IntervalDayTime dt) {
      return F.arrayNode().add(dt.days()).add(dt.milliseconds());
    }
    if (v instanceof IntervalMonthDayNano mdn) {
      return F.arrayNode().add(mdn.months()).add(mdn.days()).add(integer(mdn.nanoseconds()));
    }
    throw new IllegalArgumentException("no canonical form for " + v.getClass() + " of " + t);
  }

  // ------------------------------------------------------------------ cases, script, report

  /** One file for the script: its expectations are written next to it as {@code <file>.expected.json}. */
  public record Case(String name, Path path, String format, Path expected) {}

  /** Writes the expectations of one file and returns its case. */
  public static Case expect(String name, Path file, String format, List<String> columns, List<String> types,
      ArrayNode rows, boolean sort, Map<String, String> polarsSkip) throws IOException {
    ObjectNode e = F.objectNode();
    ArrayNode cols = e.putArray("columns");
    for (int i = 0; i < columns.size(); i++) {
      ObjectNode c = cols.addObject().put("name", columns.get(i));
      if (types.get(i) == null) {
        c.putNull("type");
      } else {
        c.put("type", types.get(i));
      }
    }
    e.set("rows", rows);
    e.put("sort", sort);
    ObjectNode skip = e.putObject("polars_skip");
    polarsSkip.forEach(skip::put);
    Path expected = file.resolveSibling(file.getFileName() + ".expected.json");
    JSON.writeValue(expected.toFile(), e);
    return new Case(name, file, format, expected);
  }

  /** Runs the script over {@code cases} and returns its report's {@code cases} object. */
  static JsonNode check(Path dir, List<Case> cases) throws IOException {
    ArrayNode list = F.arrayNode();
    for (Case c : cases) {
      list.addObject().put("name", c.name()).put("path", c.path().toString()).put("format", c.format())
          .put("expected", c.expected().toString());
    }
    Path file = dir.resolve("cases.json");
    JSON.writeValue(file.toFile(), list);
    String out = PythonPeers.run("check_our_files.py", 600, file.toString());
    ObjectNode report = (ObjectNode) JSON.readTree(out).get("cases");
    // A case that crashed the checking process fails every check of it with that crash.
    report.properties().forEach(e -> {
      JsonNode crash = e.getValue().get("crash"); // pyarrow crashed: nothing else is known
      if (crash != null) {
        ObjectNode py = ((ObjectNode) e.getValue()).putObject("pyarrow");
        for (String k : List.of("validate", "schema", "values", "feather")) {
          py.set(k, crash);
        }
        ((ObjectNode) e.getValue()).putObject("polars").set("crash", crash);
      }
    });
    return report;
  }

  static List<String> names(List<Case> cases) {
    List<String> out = new ArrayList<>();
    for (Case c : cases) {
      out.add(c.name());
    }
    return out;
  }

  /** Whether a check of the report passed; the message is the check itself when it did not. */
  public static void assertOk(JsonNode check, String what) {
    if (check == null || !check.path("ok").asBoolean(false)) {
      throw new AssertionError(what + ": " + check);
    }
  }
}
