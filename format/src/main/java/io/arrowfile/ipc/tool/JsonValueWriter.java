package io.arrowfile.ipc.tool;

import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.TimeUnit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/**
 * Renders values of the columnar object model (see {@code io.arrowfile.columnar.array}) as JSON, typed by
 * their {@link Field}, for people reading {@code arrowfile cat}: timestamps, dates and times as ISO-8601
 * strings (a timestamp with a zone in that zone), durations as ISO-8601 durations, decimals and 64-bit
 * integers as exact JSON numbers, binaries as hexadecimal strings, structs as objects, maps as arrays of
 * {@code {"key": .., "value": ..}} (keys need not be strings), non-finite floats as strings.
 */
public final class JsonValueWriter {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private JsonValueWriter() {}

  /** One record batch row: an object whose members are the columns in schema order. */
  public static void writeRow(StringBuilder out, List<Field> fields, List<Object> values) {
    out.append('{');
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        out.append(", ");
      }
      writeString(out, fields.get(i).name());
      out.append(": ");
      writeValue(out, fields.get(i), values.get(i));
    }
    out.append('}');
  }

  /** {@code value} of {@code field}'s type (dictionary-encoded fields take their value type's form). */
  public static void writeValue(StringBuilder out, Field field, Object value) {
    if (value == null) {
      out.append("null");
      return;
    }
    ArrowType type = field.type();
    if (type instanceof ArrowType.Timestamp t) {
      writeString(out, timestamp((Long) value, t.unit(), t.timezone()));
    } else if (type instanceof ArrowType.Date d) {
      long days = d.unit() == DateUnit.DAY ? (Integer) value : Math.floorDiv((Long) value, 86_400_000L);
      writeString(out, LocalDate.ofEpochDay(days).toString());
    } else if (type instanceof ArrowType.Time t) {
      long nanos = ((Number) value).longValue() * nanosPer(t.unit());
      writeString(out, LocalTime.ofNanoOfDay(Math.floorMod(nanos, 86_400_000_000_000L)).toString());
    } else if (type instanceof ArrowType.Duration d) {
      long v = (Long) value;
      java.time.Duration duration = switch (d.unit()) {
        case SECOND -> java.time.Duration.ofSeconds(v);
        case MILLISECOND -> java.time.Duration.ofMillis(v);
        case MICROSECOND -> java.time.Duration.ofSeconds(Math.floorDiv(v, 1_000_000L),
            Math.floorMod(v, 1_000_000L) * 1_000L);
        case NANOSECOND -> java.time.Duration.ofNanos(v);
      };
      writeString(out, duration.toString());
    } else if (value instanceof IntervalDayTime i) {
      out.append("{\"days\": ").append(i.days()).append(", \"milliseconds\": ")
          .append(i.milliseconds()).append('}');
    } else if (value instanceof IntervalMonthDayNano i) {
      out.append("{\"months\": ").append(i.months()).append(", \"days\": ").append(i.days())
          .append(", \"nanoseconds\": ").append(i.nanoseconds()).append('}');
    } else if (type instanceof ArrowType.Struct) {
      writeStruct(out, field.children(), (List<?>) value);
    } else if (type instanceof ArrowType.Map) {
      writeMap(out, field.child(0), (List<?>) value);
    } else if (type instanceof ArrowType.Union u) {
      UnionValue uv = (UnionValue) value;
      int child = u.childIndexByTypeId(field.children().size())[uv.typeId() & 0x7F];
      if (child < 0) {
        writeScalar(out, uv.value());
      } else {
        writeValue(out, field.child(child), uv.value());
      }
    } else if (type instanceof ArrowType.RunEndEncoded) {
      writeValue(out, field.child(1), value);
    } else if (value instanceof List<?> list) {
      writeList(out, field.children().isEmpty() ? null : field.child(0), list);
    } else {
      writeScalar(out, value);
    }
  }

  private static void writeStruct(StringBuilder out, List<Field> children, List<?> values) {
    out.append('{');
    for (int i = 0; i < children.size(); i++) {
      if (i > 0) {
        out.append(", ");
      }
      writeString(out, children.get(i).name());
      out.append(": ");
      writeValue(out, children.get(i), values.get(i));
    }
    out.append('}');
  }

  private static void writeMap(StringBuilder out, Field entries, List<?> values) {
    out.append('[');
    for (int i = 0; i < values.size(); i++) {
      Map.Entry<?, ?> e = (Map.Entry<?, ?>) values.get(i);
      out.append(i == 0 ? "" : ", ").append("{\"key\": ");
      writeValue(out, entries.child(0), e.getKey());
      out.append(", \"value\": ");
      writeValue(out, entries.child(1), e.getValue());
      out.append('}');
    }
    out.append(']');
  }

  private static void writeList(StringBuilder out, Field item, List<?> values) {
    out.append('[');
    for (int i = 0; i < values.size(); i++) {
      out.append(i == 0 ? "" : ", ");
      if (item == null) {
        writeScalar(out, values.get(i));
      } else {
        writeValue(out, item, values.get(i));
      }
    }
    out.append(']');
  }

  private static void writeScalar(StringBuilder out, Object value) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      writeString(out, s);
    } else if (value instanceof byte[] bytes) {
      out.append('"');
      for (byte b : bytes) {
        out.append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
      }
      out.append('"');
    } else if (value instanceof Float f) {
      writeFloating(out, f.doubleValue(), Float.toString(f));
    } else if (value instanceof Double d) {
      writeFloating(out, d, Double.toString(d));
    } else if (value instanceof BigDecimal d) {
      out.append(d.toPlainString());
    } else if (value instanceof Number || value instanceof Boolean || value instanceof BigInteger) {
      out.append(value);
    } else {
      writeString(out, value.toString());
    }
  }

  private static void writeFloating(StringBuilder out, double value, String text) {
    if (Double.isFinite(value)) {
      out.append(text);
    } else {
      writeString(out, text);
    }
  }

  static void writeString(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  private static long nanosPer(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> 1_000_000_000L;
      case MILLISECOND -> 1_000_000L;
      case MICROSECOND -> 1_000L;
      case NANOSECOND -> 1L;
    };
  }

  static String timestamp(long value, TimeUnit unit, String timezone) {
    long perSecond = 1_000_000_000L / nanosPer(unit);
    long seconds = Math.floorDiv(value, perSecond);
    long nanos = Math.floorMod(value, perSecond) * nanosPer(unit);
    Instant instant = Instant.ofEpochSecond(seconds, nanos);
    if (timezone == null) {
      return LocalDateTime.ofInstant(instant, ZoneOffset.UTC).toString();
    }
    try {
      return instant.atZone(ZoneId.of(timezone)).toOffsetDateTime().toString();
    } catch (java.time.DateTimeException | IllegalArgumentException e) {
      // A zone name this JVM doesn't know still prints the instant, in UTC, rather than failing the row.
      return instant.toString();
    }
  }
}
