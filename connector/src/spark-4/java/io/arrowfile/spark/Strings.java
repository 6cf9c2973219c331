package io.arrowfile.spark;

import org.apache.spark.unsafe.types.UTF8String;

/** {@code UTF8String} comparisons whose method differs between Spark lines. */
public final class Strings {
  private Strings() {}

  /** Unsigned byte-wise order, whatever the session's collation (Spark 4's {@code binaryCompare}). */
  public static int binaryCompare(UTF8String a, UTF8String b) {
    return a.binaryCompare(b);
  }
}
