package io.arrowfile.spark;

import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Metadata;

/**
 * Spark types and type API that not every Spark line has: Spark 3.5's copy. 3.5 has no VARIANT, so a variant column
 * (Arrow's {@code parquet.variant} extension, or Spark's own struct form) reads as its storage, a struct of two
 * binaries, its field metadata kept; a Spark 3.5 frame has no variant to write.
 */
public final class SparkTypes {
  private SparkTypes() {}

  public static boolean hasVariant() {
    return false;
  }

  public static boolean isVariant(DataType type) {
    return false;
  }

  public static DataType variant() {
    throw new UnsupportedOperationException("Spark 3.5 has no VARIANT type");
  }

  public static byte[][] variantParts(SpecializedGetters src, int ordinal) {
    throw new UnsupportedOperationException("Spark 3.5 has no VARIANT type");
  }

  /** 3.5's {@code Metadata} has no {@code isEmpty}; the empty one equals {@code Metadata.empty()}. */
  public static boolean isEmpty(Metadata metadata) {
    return metadata.equals(Metadata.empty());
  }
}
