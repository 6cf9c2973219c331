package io.arrowfile.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.UnionMode;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ArrowJavaSchemasTest {

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
  void randomSchemasRoundTrip(long seed) {
    Set<RandomData.Kind> kinds = EnumSet.copyOf(RandomData.Kind.ALL);
    kinds.remove(RandomData.Kind.DECIMAL32_64);
    Schema schema = new RandomData(seed, kinds).maxDepth(4).schema(8);
    assertEquals(schema, ArrowJavaSchemas.fromArrowJava(ArrowJavaSchemas.toArrowJava(schema)));
    // also through Arrow Java's flatbuffer serialization of the schema
    org.apache.arrow.vector.types.pojo.Schema javaSchema = ArrowJavaSchemas.toArrowJava(schema);
    org.apache.arrow.vector.types.pojo.Schema reparsed =
        org.apache.arrow.vector.types.pojo.Schema.deserializeMessage(java.nio.ByteBuffer.wrap(javaSchema.serializeAsMessage()));
    assertEquals(schema, ArrowJavaSchemas.fromArrowJava(reparsed));
  }

  @Test
  void detailsSurvive() {
    Field dict = new Field("d", true, new ArrowType.Utf8(),
        new DictionaryEncoding(7, ArrowType.Int.UINT16, true), List.of(), Map.of("k", "v"));
    Field ext = Field.notNull("e", new ArrowType.FixedSizeBinary(16))
        .withMetadata(Map.of(Field.EXTENSION_NAME, "my.ext", Field.EXTENSION_METADATA, "meta"));
    Field union = Field.nullable("u", new ArrowType.Union(UnionMode.DENSE, new int[] {5, 9}),
        Field.nullable("a", ArrowType.Int.INT8), Field.nullable("b", new ArrowType.Utf8()));
    Field map = Field.nullable("m", new ArrowType.Map(true), Field.notNull("entries", new ArrowType.Struct(),
        Field.notNull("key", new ArrowType.Utf8()), Field.nullable("value", new ArrowType.Bool())));
    Field ree = Field.nullable("r", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT32),
        Field.nullable("values", new ArrowType.Utf8View()));
    Field lv = Field.nullable("lv", new ArrowType.LargeListView(), Field.nullable("item", new ArrowType.BinaryView()));
    Schema schema = new Schema(List.of(dict, ext, union, map, ree, lv), Map.of("schema", "meta"));
    org.apache.arrow.vector.types.pojo.Schema java = ArrowJavaSchemas.toArrowJava(schema);
    assertEquals(7, java.getFields().get(0).getDictionary().getId());
    assertEquals(true, java.getFields().get(0).getDictionary().isOrdered());
    assertFalse(java.getFields().get(0).getDictionary().getIndexType().getIsSigned());
    assertEquals("my.ext", java.getFields().get(1).getMetadata().get(Field.EXTENSION_NAME));
    assertEquals(schema, ArrowJavaSchemas.fromArrowJava(java));
  }

  @Test
  void smallDecimalsAreUnsupported() {
    assertThrows(UnsupportedOperationException.class,
        () -> ArrowJavaSchemas.toArrowJava(Schema.of(Field.nullable("d", new ArrowType.Decimal(5, 2, 32)))));
    assertThrows(UnsupportedOperationException.class,
        () -> ArrowJavaSchemas.toArrowJava(new ArrowType.Decimal(15, 2, 64)));
    assertFalse(ArrowJavaSchemas.isSupported(Schema.of(Field.nullable("d", new ArrowType.Decimal(5, 2, 32)))));
  }
}
