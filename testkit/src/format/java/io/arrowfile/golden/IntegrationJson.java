package io.arrowfile.golden;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.columnar.type.UnionMode;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Arrow's integration-test JSON (the {@code .json.gz} beside each golden file), read into our schema and
 * object model without Arrow's Java library: an oracle independent of both implementations under test,
 * and one that covers the cases Arrow's Java {@code JsonFileReader} rejects (unions with type ids,
 * duplicate field names).
 */
public final class IntegrationJson {
  /** The expected content: schema, then batch → column → row values. */
  public record Content(Schema schema, List<List<List<Object>>> batches) {}

  private final Map<Long, Field> dictionaryFields = new HashMap<>();
  private final Map<Long, JsonNode> dictionaryData = new HashMap<>();

  private IntegrationJson() {}

  public static Content read(Path jsonGz) throws IOException {
    JsonNode root;
    try (InputStream in = new GZIPInputStream(Files.newInputStream(jsonGz))) {
      root = new ObjectMapper().readTree(in);
    }
    return new IntegrationJson().content(root);
  }

  private Content content(JsonNode root) {
    List<Field> fields = new ArrayList<>();
    for (JsonNode f : root.path("schema").path("fields")) {
      fields.add(field(f));
    }
    Schema schema = new Schema(fields, metadata(root.path("schema").path("metadata")));
    for (JsonNode d : root.path("dictionaries")) {
      dictionaryData.put(d.get("id").asLong(), d.get("data").get("columns").get(0));
    }
    List<List<List<Object>>> batches = new ArrayList<>();
    for (JsonNode batch : root.path("batches")) {
      List<List<Object>> columns = new ArrayList<>();
      for (int i = 0; i < fields.size(); i++) {
        columns.add(values(fields.get(i), batch.get("columns").get(i)));
      }
      batches.add(columns);
    }
    return new Content(schema, batches);
  }

  private Field field(JsonNode f) {
    List<Field> children = new ArrayList<>();
    for (JsonNode c : f.path("children")) {
      children.add(field(c));
    }
    DictionaryEncoding dictionary = null;
    if (f.hasNonNull("dictionary")) {
      JsonNode d = f.get("dictionary");
      dictionary = new DictionaryEncoding(d.get("id").asLong(), (ArrowType.Int) type(d.get("indexType")),
          d.path("isOrdered").asBoolean(false));
    }
    Field field = new Field(f.path("name").asText(""), f.path("nullable").asBoolean(true), type(f.get("type")),
        dictionary, children, metadata(f.path("metadata")));
    if (dictionary != null) {
      dictionaryFields.putIfAbsent(dictionary.id(), field.dictionaryValueField());
    }
    return field;
  }

  private static Map<String, String> metadata(JsonNode list) {
    Map<String, String> out = new LinkedHashMap<>();
    for (JsonNode kv : list) {
      out.put(kv.get("key").asText(), kv.get("value").asText());
    }
    return out;
  }

  private static ArrowType type(JsonNode t) {
    String name = t.get("name").asText();
    switch (name) {
      case "null": return new ArrowType.Null();
      case "bool": return new ArrowType.Bool();
      case "int": return new ArrowType.Int(t.get("bitWidth").asInt(), t.get("isSigned").asBoolean());
      case "floatingpoint": return new ArrowType.FloatingPoint(Precision.valueOf(t.get("precision").asText()));
      case "decimal": return new ArrowType.Decimal(t.get("precision").asInt(), t.get("scale").asInt(),
          t.path("bitWidth").asInt(128));
      case "date": return new ArrowType.Date(DateUnit.valueOf(t.get("unit").asText()));
      case "time": return new ArrowType.Time(TimeUnit.valueOf(t.get("unit").asText()), t.get("bitWidth").asInt());
      case "timestamp": return new ArrowType.Timestamp(TimeUnit.valueOf(t.get("unit").asText()),
          t.hasNonNull("timezone") ? t.get("timezone").asText() : null);
      case "duration": return new ArrowType.Duration(TimeUnit.valueOf(t.get("unit").asText()));
      case "interval": return new ArrowType.Interval(IntervalUnit.valueOf(t.get("unit").asText()));
      case "fixedsizebinary": return new ArrowType.FixedSizeBinary(t.get("byteWidth").asInt());
      case "binary": return new ArrowType.Binary();
      case "utf8": return new ArrowType.Utf8();
      case "largebinary": return new ArrowType.LargeBinary();
      case "largeutf8": return new ArrowType.LargeUtf8();
      case "binaryview": return new ArrowType.BinaryView();
      case "utf8view": return new ArrowType.Utf8View();
      case "list": return new ArrowType.List();
      case "largelist": return new ArrowType.LargeList();
      case "listview": return new ArrowType.ListView();
      case "largelistview": return new ArrowType.LargeListView();
      case "fixedsizelist": return new ArrowType.FixedSizeList(t.get("listSize").asInt());
      case "struct": return new ArrowType.Struct();
      case "map": return new ArrowType.Map(t.path("keysSorted").asBoolean(false));
      case "runendencoded": return new ArrowType.RunEndEncoded();
      case "union": {
        int[] ids = null;
        if (t.hasNonNull("typeIds")) {
          ids = new int[t.get("typeIds").size()];
          for (int i = 0; i < ids.length; i++) {
            ids[i] = t.get("typeIds").get(i).asInt();
          }
        }
        return new ArrowType.Union(UnionMode.valueOf(t.get("mode").asText()), ids);
      }
      default: throw new IllegalArgumentException("unknown JSON type " + name);
    }
  }

  /** Every slot of {@code column}, decoding dictionary indices through the dictionaries. */
  private List<Object> values(Field field, JsonNode column) {
    int count = column.get("count").asInt();
    List<Object> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(value(field, column, i));
    }
    return out;
  }

  private Object value(Field field, JsonNode column, int i) {
    JsonNode validity = column.get("VALIDITY");
    if (validity != null && validity.get(i).asInt() == 0) {
      return null;
    }
    if (field.isDictionaryEncoded()) {
      long index = integer(column.get("DATA").get(i)).longValue();
      long id = field.dictionary().id();
      return value(dictionaryFields.get(id), dictionaryData.get(id), Math.toIntExact(index));
    }
    ArrowType type = field.type();
    JsonNode data = column.get("DATA");
    if (type instanceof ArrowType.Null) {
      return null;
    } else if (type instanceof ArrowType.Bool) {
      JsonNode v = data.get(i);
      return v.isBoolean() ? v.asBoolean() : v.asInt() != 0;
    } else if (type instanceof ArrowType.Int t) {
      BigInteger v = integer(data.get(i));
      if (!t.signed()) {
        return t.bitWidth() == 8 ? (Object) v.shortValue() : t.bitWidth() == 16 ? (Object) v.intValue()
            : t.bitWidth() == 32 ? (Object) v.longValue() : v;
      }
      return t.bitWidth() == 8 ? (Object) v.byteValue() : t.bitWidth() == 16 ? (Object) v.shortValue()
          : t.bitWidth() == 32 ? (Object) v.intValue() : v.longValue();
    } else if (type instanceof ArrowType.FloatingPoint t) {
      double v = data.get(i).asDouble();
      return t.precision() == Precision.DOUBLE ? (Object) v : (Object) (float) v;
    } else if (type instanceof ArrowType.Decimal t) {
      return new BigDecimal(integer(data.get(i)), t.scale());
    } else if (type instanceof ArrowType.Date t) {
      return t.unit() == DateUnit.DAY ? (Object) integer(data.get(i)).intValue() : integer(data.get(i)).longValue();
    } else if (type instanceof ArrowType.Time t) {
      return t.bitWidth() == 32 ? (Object) integer(data.get(i)).intValue() : integer(data.get(i)).longValue();
    } else if (type instanceof ArrowType.Timestamp || type instanceof ArrowType.Duration) {
      return integer(data.get(i)).longValue();
    } else if (type instanceof ArrowType.Interval t) {
      JsonNode v = data.get(i);
      switch (t.unit()) {
        case YEAR_MONTH: return integer(v).intValue();
        case DAY_TIME: return new IntervalDayTime(v.get("days").asInt(), v.get("milliseconds").asInt());
        default: return new IntervalMonthDayNano(v.get("months").asInt(), v.get("days").asInt(),
            integer(v.get("nanoseconds")).longValue());
      }
    } else if (type instanceof ArrowType.FixedSizeBinary || type instanceof ArrowType.Binary
        || type instanceof ArrowType.LargeBinary || type instanceof ArrowType.BinaryView) {
      return bytes(column, data, i, false);
    } else if (type instanceof ArrowType.Utf8 || type instanceof ArrowType.LargeUtf8
        || type instanceof ArrowType.Utf8View) {
      return utf8(bytes(column, data, i, true));
    } else if (type instanceof ArrowType.List || type instanceof ArrowType.LargeList
        || type instanceof ArrowType.Map) {
      int start = integer(column.get("OFFSET").get(i)).intValue();
      int end = integer(column.get("OFFSET").get(i + 1)).intValue();
      return range(field, column.get("children").get(0), start, end - start);
    } else if (type instanceof ArrowType.ListView || type instanceof ArrowType.LargeListView) {
      int start = integer(column.get("OFFSET").get(i)).intValue();
      int size = integer(column.get("SIZE").get(i)).intValue();
      return range(field, column.get("children").get(0), start, size);
    } else if (type instanceof ArrowType.FixedSizeList t) {
      return range(field, column.get("children").get(0), i * t.listSize(), t.listSize());
    } else if (type instanceof ArrowType.Struct) {
      List<Object> row = new ArrayList<>();
      for (int c = 0; c < field.children().size(); c++) {
        row.add(value(field.child(c), column.get("children").get(c), i));
      }
      return row;
    } else if (type instanceof ArrowType.Union t) {
      int typeId = column.get("TYPE_ID").get(i).asInt();
      int child = t.childIndexByTypeId(field.children().size())[typeId];
      int slot = t.mode() == UnionMode.DENSE ? integer(column.get("OFFSET").get(i)).intValue() : i;
      Object v = value(field.child(child), column.get("children").get(child), slot);
      return v == null ? null : new UnionValue((byte) typeId, v);
    } else if (type instanceof ArrowType.RunEndEncoded) {
      JsonNode runEnds = column.get("children").get(0).get("DATA");
      int run = 0;
      while (integer(runEnds.get(run)).longValue() <= i) {
        run++;
      }
      return value(field.child(1), column.get("children").get(1), run);
    }
    throw new IllegalArgumentException("no JSON reading for " + type);
  }

  /** Elements {@code [start, start + length)} of a list's child; map entries become Map.Entry. */
  private List<Object> range(Field list, JsonNode child, int start, int length) {
    Field item = list.child(0);
    List<Object> out = new ArrayList<>(length);
    for (int k = start; k < start + length; k++) {
      Object v = value(item, child, k);
      if (list.type() instanceof ArrowType.Map) {
        List<?> kv = (List<?>) v;
        v = new AbstractMap.SimpleImmutableEntry<>(kv.get(0), kv.get(1));
      }
      out.add(v);
    }
    return out;
  }

  /**
   * A binary or string slot's bytes: DATA for the classic layouts, VIEWS (inlined, or by buffer and offset)
   * for views. Strings are written as text, binaries and variadic buffers as hexadecimal.
   */
  private static byte[] bytes(JsonNode column, JsonNode data, int i, boolean text) {
    if (data != null) {
      String v = data.get(i).asText();
      return text ? v.getBytes(StandardCharsets.UTF_8) : hex(v);
    }
    JsonNode view = column.get("VIEWS").get(i);
    if (view.has("INLINED")) {
      String v = view.get("INLINED").asText();
      return text ? v.getBytes(StandardCharsets.UTF_8) : hex(v);
    }
    String buffer = column.get("VARIADIC_DATA_BUFFERS").get(view.get("BUFFER_INDEX").asInt()).asText();
    int offset = view.get("OFFSET").asInt() * 2;
    return hex(buffer.substring(offset, offset + view.get("SIZE").asInt() * 2));
  }

  private static BigInteger integer(JsonNode v) {
    return v.isTextual() ? new BigInteger(v.asText()) : v.bigIntegerValue();
  }

  private static byte[] hex(String text) {
    byte[] out = new byte[text.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(text, 2 * i, 2 * i + 2, 16);
    }
    return out;
  }

  static String utf8(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
