package io.arrowfile.connector.vector;

/** IEEE 754 binary16 to float (Java 17 has no Float.float16ToFloat). */
final class Half {
  private Half() {}

  static float toFloat(short bits) {
    int h = bits & 0xFFFF;
    int sign = (h & 0x8000) << 16;
    int exp = (h >>> 10) & 0x1F;
    int mant = h & 0x3FF;
    if (exp == 0x1F) {
      return Float.intBitsToFloat(sign | 0x7F800000 | (mant << 13));
    }
    if (exp == 0) {
      if (mant == 0) {
        return Float.intBitsToFloat(sign);
      }
      // subnormal: mant * 2^-24
      float v = mant * 0x1p-24f;
      return sign == 0 ? v : -v;
    }
    return Float.intBitsToFloat(sign | ((exp - 15 + 127) << 23) | (mant << 13));
  }
}
