package io.arrowfile.columnar.builder;

/** UTF-8 encoding straight into a {@link BufferBuilder}, without an intermediate byte[]. */
final class Utf8 {
  private Utf8() {}

  /** Bytes {@code s} takes in UTF-8 (an unpaired surrogate takes one byte, '?', as String.getBytes does). */
  static long encodedLength(CharSequence s) {
    long n = 0;
    int len = s.length();
    for (int i = 0; i < len; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n += 1;
      } else if (c < 0x800) {
        n += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) {
        n += 4;
        i++;
      } else if (Character.isSurrogate(c)) {
        n += 1;
      } else {
        n += 3;
      }
    }
    return n;
  }

  /** Writes {@code s} as UTF-8; returns the bytes written. */
  static int encode(CharSequence s, BufferBuilder out) {
    int start = out.size();
    int len = s.length();
    for (int i = 0; i < len; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        out.putByte(c);
      } else if (c < 0x800) {
        out.putByte(0xC0 | (c >> 6));
        out.putByte(0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        out.putByte(0xF0 | (cp >> 18));
        out.putByte(0x80 | ((cp >> 12) & 0x3F));
        out.putByte(0x80 | ((cp >> 6) & 0x3F));
        out.putByte(0x80 | (cp & 0x3F));
      } else if (Character.isSurrogate(c)) {
        out.putByte('?');
      } else {
        out.putByte(0xE0 | (c >> 12));
        out.putByte(0x80 | ((c >> 6) & 0x3F));
        out.putByte(0x80 | (c & 0x3F));
      }
    }
    return out.size() - start;
  }
}
