package io.arrowfile.connector.write;

import java.nio.charset.StandardCharsets;

/**
 * The JSON helpers of the footer statistics ({@link ArrowOutputWriter#STATISTICS_KEY}): string quoting and
 * the truncation of long string min/max values.
 */
final class StatisticsJson {
  private StatisticsJson() {}

  /** Appends {@code s} as a JSON string literal. */
  static void quote(StringBuilder sb, String s) {
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
  static String truncatePrefix(String s, int maxBytes) {
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
  static String increment(String prefix) {
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
}
