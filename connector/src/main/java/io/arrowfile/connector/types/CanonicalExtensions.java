package io.arrowfile.connector.types;

import io.arrowfile.spark.SparkTypes;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.util.List;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * Arrow's canonical extension types that Spark has a type for, read as that type rather than as their storage.
 *
 * <table>
 *   <caption>Canonical extension types</caption>
 *   <tr><th>extension</th><th>storage</th><th>Spark</th></tr>
 *   <tr><td>{@value #BOOL8}</td><td>Int8 (0 false, anything else true)</td><td>BooleanType, read in place</td></tr>
 *   <tr><td>{@value #UUID}</td><td>FixedSizeBinary(16)</td><td>StringType in the canonical lowercase
 *       8-4-4-4-12 form, as Spark's {@code uuid()} makes them</td></tr>
 *   <tr><td>{@value #JSON}</td><td>Utf8, LargeUtf8, Utf8View</td><td>StringType (the storage's own mapping)</td></tr>
 *   <tr><td>{@value #VARIANT}</td><td>Struct of binary {@code metadata} and {@code value}, any order, either
 *       possibly dictionary or run-end encoded</td><td>VariantType; a shredded variant (a {@code typed_value}
 *       child) is refused, naming the column</td></tr>
 *   <tr><td>Spark's own Arrow form of a variant (its {@code ArrowUtils}: Struct of binary {@code value} and
 *       {@code metadata}, tagged {@code variant=true} on the {@code metadata} child (Spark 4.1+) or on the struct
 *       (Spark 4.0))</td><td></td><td>VariantType</td></tr>
 * </table>
 *
 * <p>Any other extension type, and one of these on a storage type the specification does not allow (an
 * {@code arrow.uuid} of 8 bytes, say), reads as its storage type, its metadata kept in the column's metadata.
 */
public final class CanonicalExtensions {
  private CanonicalExtensions() {}

  public static final String BOOL8 = "arrow.bool8";
  public static final String UUID = "arrow.uuid";
  public static final String JSON = "arrow.json";
  public static final String VARIANT = "arrow.parquet.variant";

  /** The child names of a variant's storage (the canonical extension's and Spark's alike). */
  public static final String VARIANT_METADATA = "metadata";
  public static final String VARIANT_VALUE = "value";
  /** The child holding a shredded variant's typed values. */
  public static final String VARIANT_TYPED_VALUE = "typed_value";
  /** The metadata key Spark's {@code ArrowUtils} tags its variant struct (or its metadata child) with. */
  public static final String SPARK_VARIANT_TAG = "variant";

  /**
   * The Spark type of {@code f} when it is one of the extension types above on an allowed storage, else null
   * (read {@code f} by its storage type). {@code path} names the column in errors.
   *
   * @throws UnsupportedOperationException for a shredded variant
   */
  public static DataType sparkType(Field f, String path) {
    String name = f.extensionName();
    ArrowType t = f.type();
    if (BOOL8.equals(name)) {
      return t instanceof ArrowType.Int i && i.bitWidth() == 8 && i.signed() ? DataTypes.BooleanType : null;
    } else if (UUID.equals(name)) {
      return t instanceof ArrowType.FixedSizeBinary b && b.byteWidth() == 16 ? DataTypes.StringType : null;
    } else if (t instanceof ArrowType.Struct && !f.isDictionaryEncoded()) {
      if (SparkTypes.hasVariant() && VARIANT.equals(name) && isShreddedVariant(f)) {
        Field typed = child(f, VARIANT_TYPED_VALUE);
        throw new UnsupportedOperationException("column '" + path + "' is a shredded variant (" + VARIANT
            + " with a " + VARIANT_TYPED_VALUE + " child of type " + typed.type() + "), which arrowfile cannot "
            + "read yet; write it unshredded (only the " + VARIANT_METADATA + " and " + VARIANT_VALUE
            + " children), or leave this column out of the read schema");
      }
      // Without VARIANT (Spark 3.5) the column, shredded or not, reads as its storage struct, metadata kept.
      if (SparkTypes.hasVariant() && (VARIANT.equals(name) ? isVariantStorage(f) : isSparkVariant(f))) {
        return SparkTypes.variant();
      }
    }
    return null;
  }

  /** Whether {@code f} is one of the extension types whose Spark type differs from its storage's mapping. */
  public static boolean retypes(Field f) {
    String name = f.extensionName();
    return (BOOL8.equals(name) || UUID.equals(name)) && sparkType(f, f.name()) != null;
  }

  /** Whether {@code f}'s storage is an unshredded variant's: exactly a binary metadata and a binary value. */
  static boolean isVariantStorage(Field f) {
    List<Field> children = f.children();
    return children.size() == 2 && binary(child(f, VARIANT_METADATA)) && binary(child(f, VARIANT_VALUE));
  }

  /** Whether a variant extension's storage has a metadata child and a typed_value child, as shredding makes. */
  static boolean isShreddedVariant(Field f) {
    return child(f, VARIANT_TYPED_VALUE) != null && binary(child(f, VARIANT_METADATA));
  }

  /** Whether {@code f} is a variant in Spark's own Arrow form (see the class comment). */
  static boolean isSparkVariant(Field f) {
    if (!isVariantStorage(f)) {
      return false;
    }
    return "true".equals(f.metadata().get(SPARK_VARIANT_TAG))
        || "true".equals(child(f, VARIANT_METADATA).metadata().get(SPARK_VARIANT_TAG));
  }

  private static Field child(Field f, String name) {
    for (Field c : f.children()) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    return null;
  }

  /** Binary, LargeBinary or BinaryView values, also when dictionary or run-end encoded. */
  private static boolean binary(Field f) {
    if (f == null) {
      return false;
    }
    ArrowType t = f.type() instanceof ArrowType.RunEndEncoded ? f.child(1).type() : f.type();
    return t instanceof ArrowType.Binary || t instanceof ArrowType.LargeBinary || t instanceof ArrowType.BinaryView;
  }
}
