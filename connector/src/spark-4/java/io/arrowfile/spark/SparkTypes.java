package io.arrowfile.spark;

import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.VariantType;
import org.apache.spark.unsafe.types.VariantVal;

/**
 * Spark types and type API that not every Spark line has: Spark 4 has VARIANT. (Spark 3.5's copy has none: there
 * {@link #hasVariant()} is false and a variant column reads as its storage struct.)
 */
public final class SparkTypes {
  private SparkTypes() {}

  public static boolean hasVariant() {
    return true;
  }

  public static boolean isVariant(DataType type) {
    return type instanceof VariantType;
  }

  /** Spark's VARIANT type; only where {@link #hasVariant()}. */
  public static DataType variant() {
    return DataTypes.VariantType;
  }

  /** A variant value's two parts, {@code {metadata, value}}; only where {@link #hasVariant()}. */
  public static byte[][] variantParts(SpecializedGetters src, int ordinal) {
    VariantVal v = src.getVariant(ordinal);
    return new byte[][] {v.getMetadata(), v.getValue()};
  }

  public static boolean isEmpty(Metadata metadata) {
    return metadata.isEmpty();
  }
}
