package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.VariableBinaryBuilder;
import io.arrowfile.connector.statistics.StatisticsJson;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.unsafe.types.UTF8String;

/** Strings: min/max in UTF-8 byte order (Spark's binary order), truncated as documented in JSON. */
final class StringWriter extends ColumnWriter {
  private final VariableBinaryBuilder b;
  private UTF8String min;
  private UTF8String max;

  StringWriter(VariableBinaryBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    UTF8String v = src.getUTF8String(ordinal);
    appendUtf8(b, v);
    budget.bytes += 4L + v.numBytes();
    if (stats) {
      if (min == null) {
        min = v.copy();
        max = min;
      } else if (v.binaryCompare(max) > 0) { // above the max it cannot be below the min: one comparison
        max = v.copy();
      } else if (v.binaryCompare(min) < 0) {
        min = v.copy();
      }
    }
  }

  @Override
  void minMaxJson(StringBuilder sb) {
    if (!stats || min == null) {
      return;
    }
    minMaxJson(sb, min, max);
  }

  /** {@code ,"min":…,"max":…} of a batch whose values range from {@code min} to {@code max}. */
  static void minMaxJson(StringBuilder sb, UTF8String min, UTF8String max) {
    String minString = min.toString();
    String minPrefix = StatisticsJson.truncatePrefix(minString, STATS_STRING_BYTES);
    sb.append(",\"min\":");
    StatisticsJson.quote(sb, minPrefix);
    if (!minPrefix.equals(minString)) {
      sb.append(",\"minTruncated\":true");
    }
    String maxString = max.toString();
    String maxPrefix = StatisticsJson.truncatePrefix(maxString, STATS_STRING_BYTES);
    if (maxPrefix.equals(maxString)) {
      sb.append(",\"max\":");
      StatisticsJson.quote(sb, maxString);
    } else {
      String bumped = StatisticsJson.increment(maxPrefix);
      if (bumped != null) { // else no short upper bound exists: leave max out
        sb.append(",\"max\":");
        StatisticsJson.quote(sb, bumped);
        sb.append(",\"maxTruncated\":true");
      }
    }
  }

  @Override
  void resetMinMax() {
    min = null;
    max = null;
  }
}
