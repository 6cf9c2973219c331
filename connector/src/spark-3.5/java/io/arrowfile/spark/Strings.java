package io.arrowfile.spark;

import org.apache.spark.unsafe.types.UTF8String;

/** {@code UTF8String} comparisons whose method differs between Spark lines. */
public final class Strings {
  private Strings() {}

  /**
   * Unsigned byte-wise order. Spark 3.5 has no collations and no {@code binaryCompare}: its {@code compareTo} is
   * that order ({@code ByteArray.compareBinary}).
   */
  public static int binaryCompare(UTF8String a, UTF8String b) {
    return a.compareTo(b);
  }
}
