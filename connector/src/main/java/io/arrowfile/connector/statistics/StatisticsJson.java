package io.arrowfile.connector.statistics;

import java.nio.charset.StandardCharsets;

/**
 * The JSON helpers of the footer statistics ({@link FileStatistics#KEY}): string quoting and
 * the truncation of long string min/max values when writing; {@link #parse} when reading.
 */
public final class StatisticsJson {
  private StatisticsJson() {}

  /** Appends {@code s} as a JSON string literal. */
  public static void quote(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        case '\b' -> sb.append("\\b");
        case '\f' -> sb.append("\\f");
        default -> {
          if (c < 0x20 || (Character.isSurrogate(c) && !validSurrogateAt(s, i))) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }

  private static boolean validSurrogateAt(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }

  /** The longest prefix of {@code s} (whole code points) whose UTF-8 encoding has at most {@code maxBytes}. */
  public static String truncatePrefix(String s, int maxBytes) {
    if (s.length() * 3L <= maxBytes || s.getBytes(StandardCharsets.UTF_8).length <= maxBytes) {
      return s;
    }
    int bytes = 0;
    int i = 0;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      int n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      if (bytes + n > maxBytes) {
        break;
      }
      bytes += n;
      i += Character.charCount(cp);
    }
    return s.substring(0, i);
  }

  /**
   * The smallest string greater than every string starting with {@code prefix}, found by incrementing the last
   * code point that can be incremented (dropping the code points after it; surrogates are skipped): in UTF-8
   * byte order, which is code point order, it is an upper bound of all such strings. Null when every code point
   * is U+10FFFF.
   */
  public static String increment(String prefix) {
    int[] cps = prefix.codePoints().toArray();
    for (int k = cps.length - 1; k >= 0; k--) {
      int next = cps[k] + 1;
      if (next >= Character.MIN_SURROGATE && next <= Character.MAX_SURROGATE) {
        next = Character.MAX_SURROGATE + 1;
      }
      if (next <= Character.MAX_CODE_POINT) {
        cps[k] = next;
        return new String(cps, 0, k + 1);
      }
    }
    return null;
  }

  /**
   * Parses a JSON text into {@code Map<String,Object>} (insertion ordered), {@code List<Object>}, {@code String},
   * {@code Boolean}, {@code null}, and numbers: {@code Long} when integral and in range, else {@code BigDecimal}
   * (exact, so that the reader decides how a column's type rounds it). Read once per file footer, so it favours
   * being small over being fast.
   *
   * @throws IllegalArgumentException on malformed JSON
   */
  public static Object parse(String json) {
    Parser p = new Parser(json);
    p.ws();
    Object v = p.value();
    p.ws();
    if (p.i != json.length()) {
      throw p.error("trailing characters");
    }
    return v;
  }

  private static final class Parser {
    private final String s;
    int i;
    /** Footers come from files; a hostile one must not overflow the stack. */
    private int depth;

    Parser(String s) {
      this.s = s;
    }

    IllegalArgumentException error(String what) {
      return new IllegalArgumentException("statistics JSON: " + what + " at offset " + i);
    }

    void ws() {
      while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\n' || s.charAt(i) == '\r'
          || s.charAt(i) == '\t')) {
        i++;
      }
    }

    char peek() {
      if (i >= s.length()) {
        throw error("unexpected end");
      }
      return s.charAt(i);
    }

    void expect(char c) {
      if (peek() != c) {
        throw error("expected '" + c + "'");
      }
      i++;
    }

    Object value() {
      char c = peek();
      switch (c) {
        case '{': return object();
        case '[': return array();
        case '"': return string();
        case 't': return literal("true", Boolean.TRUE);
        case 'f': return literal("false", Boolean.FALSE);
        case 'n': return literal("null", null);
        default: return number();
      }
    }

    Object literal(String word, Object v) {
      if (!s.startsWith(word, i)) {
        throw error("unexpected token");
      }
      i += word.length();
      return v;
    }

    java.util.Map<String, Object> object() {
      if (++depth > 64) {
        throw error("nesting too deep");
      }
      expect('{');
      java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
      ws();
      if (peek() == '}') {
        i++;
        depth--;
        return m;
      }
      while (true) {
        ws();
        String k = string();
        ws();
        expect(':');
        ws();
        m.put(k, value());
        ws();
        if (peek() == ',') {
          i++;
          continue;
        }
        expect('}');
        depth--;
        return m;
      }
    }

    java.util.List<Object> array() {
      if (++depth > 64) {
        throw error("nesting too deep");
      }
      expect('[');
      java.util.List<Object> l = new java.util.ArrayList<>();
      ws();
      if (peek() == ']') {
        i++;
        depth--;
        return l;
      }
      while (true) {
        ws();
        l.add(value());
        ws();
        if (peek() == ',') {
          i++;
          continue;
        }
        expect(']');
        depth--;
        return l;
      }
    }

    String string() {
      expect('"');
      StringBuilder sb = new StringBuilder();
      while (true) {
        char c = peek();
        i++;
        if (c == '"') {
          return sb.toString();
        }
        if (c != '\\') {
          sb.append(c);
          continue;
        }
        char e = peek();
        i++;
        switch (e) {
          case '"' -> sb.append('"');
          case '\\' -> sb.append('\\');
          case '/' -> sb.append('/');
          case 'n' -> sb.append('\n');
          case 'r' -> sb.append('\r');
          case 't' -> sb.append('\t');
          case 'b' -> sb.append('\b');
          case 'f' -> sb.append('\f');
          case 'u' -> {
            if (i + 4 > s.length()) {
              throw error("short \\u escape");
            }
            try {
              sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            } catch (NumberFormatException ex) {
              throw error("bad \\u escape");
            }
            i += 4;
          }
          default -> throw error("bad escape");
        }
      }
    }

    Object number() {
      int start = i;
      while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
        i++;
      }
      String text = s.substring(start, i);
      if (text.isEmpty()) {
        throw error("unexpected character");
      }
      try {
        java.math.BigDecimal d = new java.math.BigDecimal(text);
        if (text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0) {
          try {
            return d.longValueExact();
          } catch (ArithmeticException tooBig) {
            return d;
          }
        }
        return d;
      } catch (NumberFormatException ex) {
        throw error("bad number");
      }
    }
  }
}
