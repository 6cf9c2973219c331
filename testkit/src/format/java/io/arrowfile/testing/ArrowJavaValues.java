package io.arrowfile.testing;

import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.type.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.AbstractStructVector;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.complex.UnionVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.JsonFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Reads Arrow Java vectors into our value object model (see {@code io.arrowfile.columnar.array}'s
 * package-info): the same objects {@code ArrowArray.of(data).getObject(i)} returns, so values read by Arrow
 * Java and by us compare with {@link ValueAssertions}.
 *
 * <p>Values are read from the buffers with the Arrow Java {@link Field} walked alongside the vector (not
 * from Arrow Java's {@code getObject}), so union type ids, dictionary encodings of nested fields, unsigned
 * integers, Float16 and temporal values come out exactly as stored.
 */
public final class ArrowJavaValues {
  private ArrowJavaValues() {}

  // ---------------------------------------------------------------- vectors

  /** All values of {@code vector}, decoding dictionaries through {@code provider} (may be null if none). */
  public static List<Object> values(FieldVector vector, DictionaryProvider provider) {
    return values(vector.getField(), vector, provider);
  }

  /**
   * All values of {@code vector} described by {@code field} (use the schema's field for top-level vectors:
   * union vectors rebuild their {@code getField()} and lose type ids).
   */
  public static List<Object> values(Field field, FieldVector vector, DictionaryProvider provider) {
    int n = vector.getValueCount();
    List<Object> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(value(field, vector, i, provider));
    }
    return out;
  }

  /** One batch: column -> row values, using {@code root.getSchema()}'s fields. */
  public static List<List<Object>> values(VectorSchemaRoot root, DictionaryProvider provider) {
    List<List<Object>> columns = new ArrayList<>();
    List<Field> fields = root.getSchema().getFields();
    for (int c = 0; c < fields.size(); c++) {
      FieldVector v = root.getVector(c);
      int n = root.getRowCount();
      List<Object> col = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        col.add(value(fields.get(c), v, i, provider));
      }
      columns.add(col);
    }
    return columns;
  }

  /** The value at {@code index} of {@code vector} described by {@code field}, in our object model. */
  public static Object value(Field field, FieldVector vector, int index, DictionaryProvider provider) {
    if (field.getDictionary() != null) {
      if (vector.isNull(index)) {
        return null;
      }
      long id = field.getDictionary().getId();
      Dictionary dict = provider == null ? null : provider.lookup(id);
      if (dict == null) {
        throw new IllegalStateException("no dictionary " + id + " for field " + field.getName());
      }
      long idx = ((BaseIntVector) vector).getValueAsLong(index);
      FieldVector dv = dict.getVector();
      if (idx < 0 || idx >= dv.getValueCount()) {
        throw new IllegalStateException("dictionary index " + idx + " out of range [0, " + dv.getValueCount()
            + ") for field " + field.getName());
      }
      return value(dv.getField(), dv, (int) idx, provider);
    }
    FieldVector v = vector;
    if (v instanceof ExtensionTypeVector<?> ext) {
      v = ext.getUnderlyingVector();
    }
    if (v instanceof NullVector) {
      return null;
    }
    if (v instanceof RunEndEncodedVector ree) {
      int physical = ree.getPhysicalIndex(index);
      if (physical < 0) {
        return null;
      }
      return value(field.getChildren().get(1), ree.getValuesVector(), physical, provider);
    }
    if (v instanceof UnionVector u) {
      byte typeId = u.getTypeBuffer().getByte(index);
      int child = childIndex(field, typeId);
      Object val = value(field.getChildren().get(child), u.getChildrenFromFields().get(child), index, provider);
      return val == null ? null : new UnionValue(typeId, val);
    }
    if (v instanceof DenseUnionVector u) {
      byte typeId = u.getTypeBuffer().getByte(index);
      int offset = u.getOffsetBuffer().getInt((long) index * DenseUnionVector.OFFSET_WIDTH);
      int child = childIndex(field, typeId);
      Object val = value(field.getChildren().get(child), u.getChildrenFromFields().get(child), offset, provider);
      return val == null ? null : new UnionValue(typeId, val);
    }
    if (v.isNull(index)) {
      return null;
    }
    if (v instanceof MapVector m) {
      int start = m.getOffsetBuffer().getInt((long) index * 4);
      int end = m.getOffsetBuffer().getInt((long) (index + 1) * 4);
      Field entriesField = field.getChildren().get(0);
      FieldVector entries = m.getDataVector();
      List<FieldVector> kv = entries.getChildrenFromFields();
      List<Object> out = new ArrayList<>(end - start);
      for (int k = start; k < end; k++) {
        Object key = value(entriesField.getChildren().get(0), kv.get(0), k, provider);
        Object val = value(entriesField.getChildren().get(1), kv.get(1), k, provider);
        out.add(new AbstractMap.SimpleImmutableEntry<>(key, val));
      }
      return out;
    }
    if (v instanceof ListVector l) {
      int start = l.getOffsetBuffer().getInt((long) index * 4);
      int end = l.getOffsetBuffer().getInt((long) (index + 1) * 4);
      return range(field.getChildren().get(0), l.getDataVector(), start, end - start, provider);
    }
    if (v instanceof LargeListVector l) {
      long start = l.getOffsetBuffer().getLong((long) index * 8);
      long end = l.getOffsetBuffer().getLong((long) (index + 1) * 8);
      return range(field.getChildren().get(0), l.getDataVector(), Math.toIntExact(start),
          Math.toIntExact(end - start), provider);
    }
    if (v instanceof FixedSizeListVector l) {
      int size = l.getListSize();
      return range(field.getChildren().get(0), l.getDataVector(), index * size, size, provider);
    }
    if (v instanceof ListViewVector l) {
      int start = l.getOffsetBuffer().getInt((long) index * 4);
      int size = l.getSizeBuffer().getInt((long) index * 4);
      return range(field.getChildren().get(0), l.getDataVector(), start, size, provider);
    }
    if (v instanceof LargeListViewVector l) {
      long start = l.getOffsetBuffer().getLong((long) index * 8);
      long size = l.getSizeBuffer().getLong((long) index * 8);
      return range(field.getChildren().get(0), l.getDataVector(), Math.toIntExact(start),
          Math.toIntExact(size), provider);
    }
    if (v instanceof AbstractStructVector) {
      List<FieldVector> children = v.getChildrenFromFields();
      List<Object> out = new ArrayList<>(children.size());
      for (int k = 0; k < children.size(); k++) {
        out.add(value(field.getChildren().get(k), children.get(k), index, provider));
      }
      return out;
    }
    if (v instanceof BitVector b) {
      return b.get(index) != 0;
    }
    if (v instanceof TinyIntVector t) {
      return t.get(index);
    }
    if (v instanceof SmallIntVector t) {
      return t.get(index);
    }
    if (v instanceof IntVector t) {
      return t.get(index);
    }
    if (v instanceof BigIntVector t) {
      return t.get(index);
    }
    if (v instanceof UInt1Vector t) {
      return (short) Byte.toUnsignedInt(t.get(index));
    }
    if (v instanceof UInt2Vector t) {
      return (int) t.get(index);
    }
    if (v instanceof UInt4Vector t) {
      return Integer.toUnsignedLong(t.get(index));
    }
    if (v instanceof UInt8Vector t) {
      return new BigInteger(Long.toUnsignedString(t.get(index)));
    }
    if (v instanceof Float2Vector t) {
      return Float16.toFloat(t.getDataBuffer().getShort((long) index * 2));
    }
    if (v instanceof Float4Vector t) {
      return t.get(index);
    }
    if (v instanceof Float8Vector t) {
      return t.get(index);
    }
    if (v instanceof DecimalVector t) {
      return t.getObject(index);
    }
    if (v instanceof Decimal256Vector t) {
      return t.getObject(index);
    }
    if (v instanceof DateDayVector t) {
      return t.get(index);
    }
    if (v instanceof DateMilliVector t) {
      return t.get(index);
    }
    if (v instanceof TimeSecVector t) {
      return t.get(index);
    }
    if (v instanceof TimeMilliVector t) {
      return t.get(index);
    }
    if (v instanceof TimeMicroVector t) {
      return t.get(index);
    }
    if (v instanceof TimeNanoVector t) {
      return t.get(index);
    }
    if (v instanceof TimeStampVector t) {
      return t.get(index);
    }
    if (v instanceof DurationVector t) {
      return t.getDataBuffer().getLong((long) index * 8);
    }
    if (v instanceof IntervalYearVector t) {
      return t.get(index);
    }
    if (v instanceof IntervalDayVector t) {
      long at = (long) index * 8;
      return new IntervalDayTime(t.getDataBuffer().getInt(at), t.getDataBuffer().getInt(at + 4));
    }
    if (v instanceof IntervalMonthDayNanoVector t) {
      long at = (long) index * 16;
      return new IntervalMonthDayNano(t.getDataBuffer().getInt(at), t.getDataBuffer().getInt(at + 4),
          t.getDataBuffer().getLong(at + 8));
    }
    if (v instanceof FixedSizeBinaryVector t) {
      return t.get(index);
    }
    if (v instanceof VarBinaryVector t) {
      return t.get(index);
    }
    if (v instanceof LargeVarBinaryVector t) {
      return t.get(index);
    }
    if (v instanceof ViewVarBinaryVector t) {
      return t.get(index);
    }
    if (v instanceof VarCharVector t) {
      return new String(t.get(index), StandardCharsets.UTF_8);
    }
    if (v instanceof LargeVarCharVector t) {
      return new String(t.get(index), StandardCharsets.UTF_8);
    }
    if (v instanceof ViewVarCharVector t) {
      return new String(t.get(index), StandardCharsets.UTF_8);
    }
    if (v instanceof BaseFixedWidthVector) {
      throw new UnsupportedOperationException("unhandled fixed-width vector " + v.getClass().getSimpleName());
    }
    throw new UnsupportedOperationException("unhandled vector " + v.getClass().getSimpleName()
        + " for field " + field);
  }

  private static List<Object> range(Field field, FieldVector vector, int start, int length,
      DictionaryProvider provider) {
    List<Object> out = new ArrayList<>(length);
    for (int k = 0; k < length; k++) {
      out.add(value(field, vector, start + k, provider));
    }
    return out;
  }

  private static int childIndex(Field unionField, byte typeId) {
    int[] ids = ((ArrowType.Union) unionField.getType()).getTypeIds();
    if (ids == null || ids.length == 0) {
      return typeId;
    }
    for (int k = 0; k < ids.length; k++) {
      if (ids[k] == typeId) {
        return k;
      }
    }
    throw new IllegalStateException("union type id " + typeId + " not in " + Arrays.toString(ids)
        + " of field " + unionField.getName());
  }

  // ---------------------------------------------------------------- files

  /** Reads an IPC file with Arrow Java's {@link ArrowFileReader} (LZ4/ZSTD bodies supported). */
  public static Dataset fromFile(Path path) throws IOException {
    try (BufferAllocator allocator = new RootAllocator();
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
        ArrowFileReader reader = new ArrowFileReader(channel, allocator, CommonsCompressionFactory.INSTANCE)) {
      return readAll(reader);
    }
  }

  /** Reads an IPC stream with Arrow Java's {@link ArrowStreamReader}. */
  public static Dataset fromStream(Path path) throws IOException {
    try (InputStream in = Files.newInputStream(path)) {
      return fromStream(in);
    }
  }

  /** Reads an IPC stream with Arrow Java's {@link ArrowStreamReader}; doesn't close {@code in}. */
  public static Dataset fromStream(InputStream in) throws IOException {
    try (BufferAllocator allocator = new RootAllocator();
        ArrowStreamReader reader = new ArrowStreamReader(in, allocator, CommonsCompressionFactory.INSTANCE)) {
      return readAll(reader);
    }
  }

  private static Dataset readAll(ArrowReader reader) throws IOException {
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    Schema schema = null;
    List<List<List<Object>>> batches = new ArrayList<>();
    while (reader.loadNextBatch()) {
      if (schema == null) {
        // dictionaries are loaded with the first batch; they give dictionary-encoded fields their types
        schema = ArrowJavaSchemas.fromArrowJava(root.getSchema(), reader);
      }
      batches.add(values(root, reader));
    }
    if (schema == null) {
      schema = ArrowJavaSchemas.fromArrowJava(root.getSchema(), reader);
    }
    return new Dataset(schema, batches);
  }

  /**
   * Reads Arrow's integration JSON (plain or gzipped, by the {@code .gz} suffix) with Arrow Java's
   * {@link JsonFileReader}.
   */
  public static Dataset fromJson(Path path) throws IOException {
    Path json = path;
    Path temp = null;
    if (path.getFileName().toString().endsWith(".gz")) {
      temp = Files.createTempFile("arrowfile-oracle-", ".json");
      try (InputStream in = new GZIPInputStream(Files.newInputStream(path));
          OutputStream out = Files.newOutputStream(temp)) {
        in.transferTo(out);
      }
      json = temp;
    }
    try (BufferAllocator allocator = new RootAllocator();
        JsonFileReader reader = new JsonFileReader(json.toFile(), allocator)) {
      org.apache.arrow.vector.types.pojo.Schema javaSchema = reader.start();
      Schema schema = ArrowJavaSchemas.fromArrowJava(javaSchema, reader);
      List<List<List<Object>>> batches = new ArrayList<>();
      while (true) {
        try (VectorSchemaRoot root = reader.read()) {
          if (root == null) {
            break;
          }
          batches.add(values(root, reader));
        }
      }
      return new Dataset(schema, batches);
    } finally {
      if (temp != null) {
        Files.deleteIfExists(temp);
      }
    }
  }

  static Dataset unchecked(IoSupplier<Dataset> s) {
    try {
      return s.get();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  interface IoSupplier<T> {
    T get() throws IOException;
  }
}
