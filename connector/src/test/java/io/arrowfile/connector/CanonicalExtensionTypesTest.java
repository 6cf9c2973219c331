package io.arrowfile.connector;

import io.arrowfile.testing.SparkLine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.types.ArrowToSpark;
import io.arrowfile.connector.types.CanonicalExtensions;
import io.arrowfile.connector.vector.ArrowVectors;
import io.arrowfile.connector.vector.Bool8Vector;
import io.arrowfile.connector.vector.UuidVector;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow's canonical extension types that Spark has a type for read as that type: {@code arrow.bool8} as booleans,
 * {@code arrow.uuid} as canonical UUID strings, {@code arrow.json} as strings, {@code arrow.parquet.variant} and
 * Spark's own Arrow form of a variant as variants; and variants written in the canonical form.
 */
class CanonicalExtensionTypesTest {
  static SparkSession spark;
  @TempDir static Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(Fixtures::spark).into(s -> spark = s);

  static Map<String, String> extension(String name) {
    return Map.of(Field.EXTENSION_NAME, name, Field.EXTENSION_METADATA, "");
  }

  static Field ext(String name, ArrowType storage, String extension, Field... children) {
    return new Field(name, true, storage, null, List.of(children), extension(extension));
  }

  static Dataset<Row> read(Path p) {
    return spark.read().format("arrowfile").load(p.toString());
  }

  // ---- arrow.bool8 ---------------------------------------------------------------------------------------------

  static final Schema BOOL8 = Schema.of(
      ext("b", ArrowType.Int.INT8, CanonicalExtensions.BOOL8),
      Field.nullable("s", new ArrowType.Struct(), ext("flag", ArrowType.Int.INT8, CanonicalExtensions.BOOL8)),
      Field.nullable("l", new ArrowType.List(), ext("item", ArrowType.Int.INT8, CanonicalExtensions.BOOL8)),
      new Field("d", true, ArrowType.Int.INT8, new DictionaryEncoding(7, ArrowType.Int.INT16, false), null,
          extension(CanonicalExtensions.BOOL8)));

  /** 0 is false; 1 (the preferred true), -1 and 2 are all true. */
  static final byte[] BYTES = {0, 1, -1, 2};

  static Path bool8File() throws Exception {
    List<Object[]> rows = new ArrayList<>();
    for (byte b : BYTES) {
      rows.add(new Object[] {b, Arrays.asList(b), List.of(b, (byte) 0), b});
    }
    rows.add(new Object[] {null, null, null, null});
    // two batches: the second read through a non-zero offset when Spark's batch size slices it
    return Fixtures.writeFile(dir.resolve("bool8/b.arrow"), BOOL8, rows, rows);
  }

  @Test
  void bool8ReadsAsBoolean() throws Exception {
    Dataset<Row> df = read(bool8File());
    StructType s = df.schema();
    assertEquals(DataTypes.BooleanType, s.apply("b").dataType());
    assertEquals("struct<flag:boolean>", s.apply("s").dataType().catalogString());
    assertEquals("array<boolean>", s.apply("l").dataType().catalogString());
    assertEquals(DataTypes.BooleanType, s.apply("d").dataType());
    assertEquals(CanonicalExtensions.BOOL8, s.apply("b").metadata().getString(Field.EXTENSION_NAME));
    List<Row> rows = df.collectAsList();
    assertEquals(10, rows.size());
    for (int k = 0; k < 10; k += 5) {
      for (int i = 0; i < 4; i++) {
        Row r = rows.get(k + i);
        boolean want = BYTES[i] != 0;
        assertEquals(want, r.getBoolean(0), "row " + (k + i));
        assertEquals(want, r.getStruct(1).getBoolean(0));
        assertEquals(List.of(want, false), r.getList(2));
        assertEquals(want, r.getBoolean(3));
      }
      assertTrue(rows.get(k + 4).isNullAt(0));
      assertTrue(rows.get(k + 4).isNullAt(3));
    }
  }

  @Test
  void bool8FiltersAndAggregatesCountBooleans() throws Exception {
    Path p = bool8File();
    assertEquals(6, read(p).where("b").count());
    assertEquals(2, read(p).where("not b").count());
    assertEquals(6, read(p).where("b = true").count());
    assertEquals(2, read(p).where("d = false").count());
    assertEquals(2, read(p).where("b is null").count());
    Row agg = read(p).selectExpr("min(b)", "max(b)", "count(b)", "count(*)").first();
    assertEquals(false, agg.get(0));
    assertEquals(true, agg.get(1));
    assertEquals(8L, agg.get(2));
    assertEquals(10L, agg.get(3));
  }

  @Test
  void bool8VectorReadsTheBytesInPlace() throws Exception {
    try (ArrowFileReader r = ArrowFileReader.open(bool8File(), ReadOptions.DEFAULT)) {
      RecordBatch batch = r.recordBatch(0);
      ArrayData b = batch.column(0);
      ColumnVector v = ArrowVectors.create(b, ArrowToSpark.dataType(b.field(), "b"));
      assertInstanceOf(Bool8Vector.class, v);
      assertEquals(List.of(false, true, true, true),
          List.of(v.getBoolean(0), v.getBoolean(1), v.getBoolean(2), v.getBoolean(3)));
      assertTrue(v.isNullAt(4));
    }
  }

  @Test
  void bool8OnAnotherStorageReadsAsThatStorage() throws Exception {
    Schema schema = Schema.of(ext("u", ArrowType.Int.UINT8, CanonicalExtensions.BOOL8));
    Path p = Fixtures.writeFile(dir.resolve("bool8-uint8/b.arrow"), schema, List.<Object[]>of(new Object[] {(short) 2}));
    assertEquals(DataTypes.ShortType, read(p).schema().apply("u").dataType());
  }

  // ---- arrow.uuid, arrow.json -----------------------------------------------------------------------------------

  static byte[] bytes(UUID u) {
    return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array();
  }

  @Test
  void uuidReadsAsItsCanonicalString() throws Exception {
    UUID a = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    UUID b = new UUID(-1L, Long.MIN_VALUE); // every high bit set: no sign trouble in the hex digits
    Schema schema = Schema.of(
        ext("id", new ArrowType.FixedSizeBinary(16), CanonicalExtensions.UUID),
        new Field("did", true, new ArrowType.FixedSizeBinary(16), new DictionaryEncoding(3, ArrowType.Int.INT8, false),
            null, extension(CanonicalExtensions.UUID)),
        ext("short", new ArrowType.FixedSizeBinary(8), CanonicalExtensions.UUID),
        ext("doc", new ArrowType.Utf8(), CanonicalExtensions.JSON));
    byte[] eight = "12345678".getBytes(StandardCharsets.US_ASCII);
    Path p = Fixtures.writeFile(dir.resolve("uuid/u.arrow"), schema, List.of(
        new Object[] {bytes(a), bytes(b), eight, "{\"k\": 1}"},
        new Object[] {bytes(b), bytes(a), eight, "[1, 2]"},
        new Object[] {null, null, null, null}));
    Dataset<Row> df = read(p);
    StructType s = df.schema();
    assertEquals(DataTypes.StringType, s.apply("id").dataType());
    assertEquals(DataTypes.StringType, s.apply("did").dataType());
    assertEquals(DataTypes.BinaryType, s.apply("short").dataType()); // not a UUID's storage: read as it is
    assertEquals(DataTypes.StringType, s.apply("doc").dataType());
    assertEquals(CanonicalExtensions.JSON, s.apply("doc").metadata().getString(Field.EXTENSION_NAME));
    assertEquals(CanonicalExtensions.UUID, s.apply("id").metadata().getString(Field.EXTENSION_NAME));
    List<Row> rows = df.collectAsList();
    assertEquals(a.toString(), rows.get(0).getString(0));
    assertEquals("ffffffff-ffff-ffff-8000-000000000000", rows.get(1).getString(0));
    assertEquals(b.toString(), rows.get(0).getString(1));
    assertArrayEquals(eight, (byte[]) rows.get(0).get(2));
    assertEquals("[1, 2]", rows.get(1).getString(3));
    assertTrue(rows.get(2).isNullAt(0));
    assertTrue(rows.get(2).isNullAt(1));
    assertEquals(1, df.where("id = '" + a + "'").count());
    assertEquals(1, df.where("did = '" + a + "'").count());
    assertEquals(2, df.where("get_json_object(doc, '$.k') = '1' or doc like '[%'").count());
    try (ArrowFileReader r = ArrowFileReader.open(p, ReadOptions.DEFAULT)) {
      ArrayData id = r.recordBatch(0).column(0);
      assertInstanceOf(UuidVector.class, ArrowVectors.create(id, ArrowToSpark.dataType(id.field(), "id")));
    }
  }

  // ---- variants ------------------------------------------------------------------------------------------------

  static final String[] JSON = {"{\"a\":1,\"b\":[true,null,\"x\"]}", "-7", "\"text\"", "null"};

  /**
   * Spark's own encoding of each of {@link #JSON}, as {metadata, value}; on a line without VARIANT (3.5), where
   * the column reads as its binaries, opaque bytes of the same shape.
   */
  static List<byte[][]> variants() {
    List<byte[][]> out = new ArrayList<>();
    if (!SparkLine.VARIANT) {
      for (int i = 0; i < JSON.length; i++) {
        out.add(new byte[][] {{1, 0, 0}, {0x0C, (byte) i}});
      }
      return out;
    }
    for (String j : JSON) {
      out.add(SparkLine.variantParts(spark.sql("SELECT parse_json('" + j + "')").first().get(0)));
    }
    return out;
  }

  /** A one-column file of {@link #JSON} and a null, stored as the struct {@code variant}. */
  static Path variantFile(String name, Field variant, boolean valueFirst) throws Exception {
    List<Object[]> rows = new ArrayList<>();
    for (byte[][] mv : variants()) {
      rows.add(new Object[] {valueFirst ? List.of(mv[1], mv[0]) : List.of(mv[0], mv[1])});
    }
    rows.add(new Object[] {null});
    return Fixtures.writeFile(dir.resolve("variant/" + name + ".arrow"), Schema.of(variant), rows);
  }

  static void assertReadsAsVariants(Path p) {
    Dataset<Row> df = read(p);
    if (!SparkLine.VARIANT) {
      assertReadsAsVariantStorage(df, p.getFileName().toString());
      return;
    }
    assertEquals(SparkLine.variantType(), df.schema().apply("v").dataType(), p.getFileName().toString());
    List<Row> rows = df.selectExpr("to_json(v)").collectAsList();
    for (int i = 0; i < JSON.length; i++) {
      assertEquals(JSON[i], rows.get(i).getString(0), p.getFileName() + " row " + i);
    }
    assertNull(rows.get(JSON.length).get(0));
    assertEquals(-7L, df.selectExpr("try_variant_get(v, '$', 'long')").collectAsList().get(1).get(0));
  }

  static Field binary(String name) {
    return Field.notNull(name, new ArrowType.Binary());
  }

  @Test
  void parquetVariantExtensionInEitherChildOrder() throws Exception {
    assertReadsAsVariants(variantFile("metadata-first", ext("v", new ArrowType.Struct(), CanonicalExtensions.VARIANT,
        binary("metadata"), binary("value")), false));
    assertReadsAsVariants(variantFile("value-first", ext("v", new ArrowType.Struct(), CanonicalExtensions.VARIANT,
        binary("value"), Field.nullable("metadata", new ArrowType.Binary())), true));
  }

  @Test
  void parquetVariantExtensionOfOtherBinaryLayouts() throws Exception {
    assertReadsAsVariants(variantFile("large-and-view", ext("v", new ArrowType.Struct(), CanonicalExtensions.VARIANT,
        Field.notNull("metadata", new ArrowType.LargeBinary()), Field.notNull("value", new ArrowType.BinaryView())),
        false));
    // the specification's preferred shape for repeated metadata: dictionary-encoded with int8 indices
    Field dictMetadata = new Field("metadata", false, new ArrowType.Binary(),
        new DictionaryEncoding(4, ArrowType.Int.INT8, false), null, null);
    assertReadsAsVariants(variantFile("dictionary-metadata", ext("v", new ArrowType.Struct(),
        CanonicalExtensions.VARIANT, dictMetadata, binary("value")), false));
  }

  @Test
  void sparksOwnArrowFormOfAVariant() throws Exception {
    // Spark 4.1+ (ArrowUtils.toArrowField): value then metadata, the metadata child tagged variant=true
    Field tagged = new Field("metadata", false, new ArrowType.Binary(), null, null, Map.of("variant", "true"));
    assertReadsAsVariants(variantFile("spark-child-tag",
        Field.nullable("v", new ArrowType.Struct(), binary("value"), tagged), true));
    // Spark 4.0: the struct itself tagged
    assertReadsAsVariants(variantFile("spark-struct-tag", new Field("v", true, new ArrowType.Struct(), null,
        List.of(binary("value"), binary("metadata")), Map.of("variant", "true")), true));
    // untagged, the same struct is only a struct
    Path plain = variantFile("untagged", Field.nullable("v", new ArrowType.Struct(), binary("value"),
        binary("metadata")), true);
    assertEquals("struct<value:binary,metadata:binary>", read(plain).schema().apply("v").dataType().catalogString());
  }

  @Test
  void shreddedVariantIsRefusedNamingTheColumn() throws Exception {
    SparkLine.assumeVariant();
    Field shredded = ext("v", new ArrowType.Struct(), CanonicalExtensions.VARIANT, binary("metadata"),
        Field.nullable("value", new ArrowType.Binary()), Field.nullable("typed_value", ArrowType.Int.INT64));
    List<Object[]> rows = new ArrayList<>();
    byte[][] mv = variants().get(1);
    rows.add(new Object[] {Arrays.asList(mv[0], null, -7L)});
    Path p = Fixtures.writeFile(dir.resolve("variant/shredded.arrow"), Schema.of(shredded), rows);
    Exception e = assertThrows(Exception.class, () -> read(p).collectAsList());
    String message = String.valueOf(rootCause(e).getMessage());
    assertTrue(message.contains("column 'v' is a shredded variant") && message.contains("typed_value")
        && message.contains("unshredded"), message);
  }

  @Test
  void aVariantWithoutItsValueIsRefusedNamingFileColumnAndRow() throws Exception {
    SparkLine.assumeVariant();
    Field nullableValue = ext("v", new ArrowType.Struct(), CanonicalExtensions.VARIANT, binary("metadata"),
        Field.nullable("value", new ArrowType.Binary()));
    byte[][] mv = variants().get(1);
    Path p = Fixtures.writeFile(dir.resolve("variant/no-value.arrow"), Schema.of(nullableValue), List.of(
        new Object[] {List.of(mv[0], mv[1])}, new Object[] {Arrays.asList(mv[0], null)}));
    Exception e = assertThrows(Exception.class, () -> read(p).collectAsList());
    String message = io.arrowfile.testing.SparkTesting.messages(e);
    assertTrue(message.contains("variant in row 1 of the batch is not null but its value is")
        && message.contains("no-value.arrow") && message.contains("'v'"), message);
  }

  /** Without VARIANT (Spark 3.5): the storage struct of the two binaries, as written, the field metadata kept. */
  static void assertReadsAsVariantStorage(Dataset<Row> df, String file) {
    org.apache.spark.sql.types.StructField v = df.schema().apply("v");
    assertTrue(v.dataType() instanceof org.apache.spark.sql.types.StructType st && st.fields().length == 2
        && st.fields()[0].dataType() == DataTypes.BinaryType && st.fields()[1].dataType() == DataTypes.BinaryType,
        file + ": " + v.dataType().catalogString());
    org.apache.spark.sql.types.StructType st = (org.apache.spark.sql.types.StructType) v.dataType();
    int value = st.fields()[0].name().equals(CanonicalExtensions.VARIANT_VALUE) ? 0 : 1;
    List<Row> rows = df.collectAsList();
    byte[][] mv = variants().get(1);
    Row r = rows.get(1).getStruct(0);
    assertArrayEquals(mv[1], (byte[]) r.get(value), file);
    assertArrayEquals(mv[0], (byte[]) r.get(1 - value), file);
    assertNull(rows.get(JSON.length).get(0), file);
    if (!file.startsWith("spark-")) { // the parquet.variant files: the extension stays in the field's metadata
      assertEquals(CanonicalExtensions.VARIANT, v.metadata().getString(Field.EXTENSION_NAME), file);
    }
  }

  @Test
  void variantExtensionOfAnotherShapeReadsAsItsStruct() throws Exception {
    Path p = variantFile("no-value", ext("v", new ArrowType.Struct(), CanonicalExtensions.VARIANT,
        binary("metadata"), binary("payload")), false);
    assertEquals("struct<metadata:binary,payload:binary>", read(p).schema().apply("v").dataType().catalogString());
  }

  @Test
  void variantsAreWrittenInTheCanonicalForm() throws Exception {
    SparkLine.assumeVariant();
    Path out = dir.resolve("variant-written");
    spark.sql("SELECT parse_json(j) v, named_struct('inner', parse_json(j)) s FROM VALUES "
            + "('{\"a\":1,\"b\":[true,null,\"x\"]}'), ('-7'), ('\"text\"'), ('null'), (NULL) AS t(j)")
        .coalesce(1).write().format("arrowfile").save(out.toString());
    Path file = DataFiles.first(out);
    try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      Field v = r.schema().field(0);
      assertEquals(CanonicalExtensions.VARIANT, v.extensionName());
      assertEquals("", v.extensionMetadata());
      assertEquals(List.of("metadata", "value"), v.children().stream().map(Field::name).toList());
      assertFalse(v.child(0).nullable());
      assertFalse(v.metadata().containsKey(ArrowToSpark.SPARK_TYPE_KEY), "the extension alone says variant");
      Field inner = r.schema().field(1).child(0);
      assertEquals(CanonicalExtensions.VARIANT, inner.extensionName());
      assertFalse(r.schema().field(1).metadata().containsKey(ArrowToSpark.SPARK_TYPE_KEY));
    }
    Dataset<Row> back = read(out);
    assertEquals("struct<v:variant,s:struct<inner:variant>>", back.schema().catalogString());
    List<Row> rows = back.selectExpr("to_json(v)", "to_json(s.inner)").collectAsList();
    Map<String, Integer> seen = new HashMap<>();
    for (Row r : rows) {
      assertEquals(r.get(0), r.get(1));
      seen.merge(r.isNullAt(0) ? "SQL NULL" : r.getString(0), 1, Integer::sum);
    }
    for (String j : JSON) {
      assertEquals(1, seen.get(j), j);
    }
    assertEquals(1, seen.get("SQL NULL"));
  }

  static Throwable rootCause(Throwable t) {
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }
}
