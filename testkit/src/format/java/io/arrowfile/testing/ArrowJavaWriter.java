package io.arrowfile.testing;

import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.UnionMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.UnionVector;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Writes IPC files and streams with Arrow Java from values in our object model (see
 * {@code io.arrowfile.columnar.array}'s package-info), the reference files our readers are checked against.
 *
 * <p>Every type of {@link ArrowJavaSchemas} is populated; dictionary-encoded fields (also nested and shared
 * ones) get one dictionary per id holding the distinct values of all batches, written once (no deltas or
 * replacements). Run-end encoded values are encoded as runs of equal consecutive values.
 *
 * <p>Exclusions (Arrow Java 19 limits; {@link RandomData.Kind#ARROW_JAVA} avoids them):
 * <ul>
 *   <li>Decimal32/Decimal64: not in Arrow Java ({@link UnsupportedOperationException}).</li>
 *   <li>Struct fields with duplicate child names: Arrow Java collapses them.</li>
 *   <li>Sparse unions: Arrow Java's {@code UnionVector} keys children by their type (one child per
 *       minor type); children of equal type are not supported. Unions inside dictionary values lose their
 *       type ids (Arrow Java rebuilds the union's field).</li>
 *   <li>ZSTD: Arrow Java 19's codec fails on some buffers with the zstd-jni 1.5.7 on our class path
 *       ("Error compressing: Src size is incorrect"); NONE and LZ4_FRAME are reliable.</li>
 *   <li>LZ4_FRAME: Arrow Java 19's codec sometimes throws IndexOutOfBoundsException on empty buffers of
 *       a batch (seen with a few random schemas).</li>
 *   <li>Dictionaries whose values are nested: Arrow Java renames the value's children (list items become
 *       {@code $data$}), so the schema read back differs in those names.</li>
 *   <li>Dictionaries of a schema with dictionary-encoded fields are only written with the first batch, so a
 *       file with no batches has none (and can't be read back by Arrow Java's readers).</li>
 * </ul>
 */
public final class ArrowJavaWriter {
  private ArrowJavaWriter() {}

  /** Body compression of the record and dictionary batches. */
  public enum Compression {
    NONE(CompressionUtil.CodecType.NO_COMPRESSION),
    LZ4_FRAME(CompressionUtil.CodecType.LZ4_FRAME),
    ZSTD(CompressionUtil.CodecType.ZSTD);

    final CompressionUtil.CodecType codec;

    org.apache.arrow.vector.compression.CompressionCodec.Factory factory() {
      return this == NONE ? org.apache.arrow.vector.compression.NoCompressionCodec.Factory.INSTANCE
          : CommonsCompressionFactory.INSTANCE;
    }

    Compression(CompressionUtil.CodecType codec) {
      this.codec = codec;
    }
  }

  public static void writeFile(Path path, Schema schema, List<List<List<Object>>> batches,
      Compression compression) throws IOException {
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING)) {
      write(ch, schema, batches, compression, true);
    }
  }

  public static void writeFile(Path path, Dataset data, Compression compression) throws IOException {
    writeFile(path, data.schema(), data.batches(), compression);
  }

  public static void writeStream(Path path, Schema schema, List<List<List<Object>>> batches,
      Compression compression) throws IOException {
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING)) {
      write(ch, schema, batches, compression, false);
    }
  }

  public static void writeStream(Path path, Dataset data, Compression compression) throws IOException {
    writeStream(path, data.schema(), data.batches(), compression);
  }

  /** Writes a stream to {@code out} (not closed). */
  public static void writeStream(OutputStream out, Schema schema, List<List<List<Object>>> batches,
      Compression compression) throws IOException {
    write(Channels.newChannel(out), schema, batches, compression, false);
  }

  /** The bytes of an IPC file. */
  public static byte[] fileBytes(Schema schema, List<List<List<Object>>> batches, Compression compression)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    write(Channels.newChannel(out), schema, batches, compression, true);
    return out.toByteArray();
  }

  /** The bytes of an IPC stream. */
  public static byte[] streamBytes(Schema schema, List<List<List<Object>>> batches, Compression compression)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    write(Channels.newChannel(out), schema, batches, compression, false);
    return out.toByteArray();
  }

  private static void write(WritableByteChannel channel, Schema schema, List<List<List<Object>>> batches,
      Compression compression, boolean file) throws IOException {
    ArrowJavaSchemas.toArrowJava(schema); // fails early on unsupported types
    List<org.apache.arrow.vector.types.pojo.Field> memFields = new ArrayList<>();
    for (Field f : schema.fields()) {
      memFields.add(memoryFormat(f));
    }
    org.apache.arrow.vector.types.pojo.Schema javaSchema = new org.apache.arrow.vector.types.pojo.Schema(
        memFields, schema.metadata().isEmpty() ? null : new LinkedHashMap<>(schema.metadata()));
    Dictionaries dicts = new Dictionaries();
    for (List<List<Object>> batch : batches) {
      for (int c = 0; c < schema.fields().size(); c++) {
        dicts.collect(schema.field(c), batch.get(c));
      }
    }
    dicts.collectNested();
    Compression comp = compression == null ? Compression.NONE : compression;
    try (BufferAllocator allocator = new RootAllocator();
        DictionaryProvider.MapDictionaryProvider provider = dicts.build(allocator);
        VectorSchemaRoot root = VectorSchemaRoot.create(javaSchema, allocator)) {
      ArrowWriter writer = file
          ? new ArrowFileWriter(root, provider, channel, Map.of(), IpcOption.DEFAULT,
              comp.factory(), comp.codec)
          : new ArrowStreamWriter(root, provider, channel, IpcOption.DEFAULT,
              comp.factory(), comp.codec);
      try {
        writer.start();
        for (List<List<Object>> batch : batches) {
          root.clear();
          // Allocated even when empty: Arrow Java writes an offset buffer's first entry from memory that
          // a cleared, never-allocated vector doesn't have.
          root.getFieldVectors().forEach(FieldVector::allocateNew);
          int rows = batch.isEmpty() ? 0 : batch.get(0).size();
          for (int c = 0; c < schema.fields().size(); c++) {
            List<Object> column = batch.get(c);
            if (column.size() != rows) {
              throw new IllegalArgumentException("column " + c + " has " + column.size() + " rows, not " + rows);
            }
            writeColumn(root.getVector(c), schema.field(c), column, dicts);
          }
          root.setRowCount(rows);
          writer.writeBatch();
        }
        writer.end();
      } finally {
        writer.close();
      }
    }
  }

  /** Arrow Java's memory format: a dictionary-encoded field has the index type and no children. */
  static org.apache.arrow.vector.types.pojo.Field memoryFormat(Field f) {
    Map<String, String> md = f.metadata().isEmpty() ? null : new LinkedHashMap<>(f.metadata());
    if (f.dictionary() != null) {
      org.apache.arrow.vector.types.pojo.DictionaryEncoding enc = javaEncoding(f);
      return new org.apache.arrow.vector.types.pojo.Field(f.name(),
          new FieldType(f.nullable(), enc.getIndexType(), enc, md), null);
    }
    List<org.apache.arrow.vector.types.pojo.Field> children = new ArrayList<>();
    for (Field c : f.children()) {
      children.add(memoryFormat(c));
    }
    return new org.apache.arrow.vector.types.pojo.Field(f.name(),
        new FieldType(f.nullable(), ArrowJavaSchemas.toArrowJava(f.type()), null, md), children);
  }

  private static org.apache.arrow.vector.types.pojo.DictionaryEncoding javaEncoding(Field f) {
    return new org.apache.arrow.vector.types.pojo.DictionaryEncoding(f.dictionary().id(), f.dictionary().ordered(),
        (org.apache.arrow.vector.types.pojo.ArrowType.Int) ArrowJavaSchemas.toArrowJava(f.dictionary().indexType()));
  }

  // ---------------------------------------------------------------- dictionaries

  private static final class Dict {
    final Field field; // the dictionary-encoded field (first user)
    final Field valueField;
    final List<Object> values = new ArrayList<>();
    final Map<Object, Integer> index = new HashMap<>();
    int collected;

    Dict(Field field) {
      this.field = field;
      this.valueField = field.dictionaryValueField();
    }
  }

  private static final class Dictionaries {
    final Map<Long, Dict> byId = new LinkedHashMap<>();

    void collect(Field f, List<Object> values) {
      if (f.dictionary() != null) {
        Dict d = byId.computeIfAbsent(f.dictionary().id(), id -> new Dict(f));
        for (Object v : values) {
          if (v != null) {
            Object key = key(v);
            if (!d.index.containsKey(key)) {
              d.index.put(key, d.values.size());
              d.values.add(v);
            }
          }
        }
        return;
      }
      ArrowType t = f.type();
      if (t instanceof ArrowType.Struct) {
        for (int k = 0; k < f.children().size(); k++) {
          List<Object> col = new ArrayList<>();
          for (Object v : values) {
            col.add(v == null ? null : ((List<?>) v).get(k));
          }
          collect(f.child(k), col);
        }
      } else if (t instanceof ArrowType.Map) {
        Field entries = f.child(0);
        List<Object> keys = new ArrayList<>();
        List<Object> vals = new ArrayList<>();
        for (Object v : values) {
          if (v != null) {
            for (Object e : (List<?>) v) {
              keys.add(((Map.Entry<?, ?>) e).getKey());
              vals.add(((Map.Entry<?, ?>) e).getValue());
            }
          }
        }
        collect(entries.child(0), keys);
        collect(entries.child(1), vals);
      } else if (t instanceof ArrowType.Union u) {
        int[] byType = u.childIndexByTypeId(f.children().size());
        List<List<Object>> cols = new ArrayList<>();
        for (int k = 0; k < f.children().size(); k++) {
          cols.add(new ArrayList<>());
        }
        for (Object v : values) {
          if (v != null) {
            UnionValue uv = (UnionValue) v;
            cols.get(byType[uv.typeId()]).add(uv.value());
          }
        }
        for (int k = 0; k < f.children().size(); k++) {
          collect(f.child(k), cols.get(k));
        }
      } else if (t instanceof ArrowType.RunEndEncoded) {
        collect(f.child(1), values);
      } else if (t.isNested()) {
        List<Object> flat = new ArrayList<>();
        for (Object v : values) {
          if (v != null) {
            flat.addAll((List<?>) v);
          }
        }
        collect(f.child(0), flat);
      }
    }

    /** Dictionaries inside dictionary values, until nothing new turns up. */
    void collectNested() {
      boolean progress = true;
      while (progress) {
        progress = false;
        for (Dict d : new ArrayList<>(byId.values())) {
          if (d.collected < d.values.size()) {
            List<Object> fresh = new ArrayList<>(d.values.subList(d.collected, d.values.size()));
            d.collected = d.values.size();
            collect(d.valueField, fresh);
            progress = true;
          }
        }
      }
    }

    int indexOf(Field f, Object value) {
      Integer i = byId.get(f.dictionary().id()).index.get(key(value));
      if (i == null) {
        throw new IllegalStateException("value not in dictionary " + f.dictionary().id() + ": " + value);
      }
      return i;
    }

    DictionaryProvider.MapDictionaryProvider build(BufferAllocator allocator) {
      DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider();
      try {
        for (Dict d : byId.values()) {
          FieldVector v = memoryFormat(d.valueField).createVector(allocator);
          try {
            writeColumn(v, d.valueField, d.values, this);
          } catch (RuntimeException e) {
            v.close();
            throw e;
          }
          provider.put(new Dictionary(v, javaEncoding(d.field)));
        }
      } catch (RuntimeException e) {
        provider.close();
        throw e;
      }
      return provider;
    }
  }

  /** A key with deep equality (byte[] by content) for dictionary lookups. */
  static Object key(Object v) {
    if (v instanceof byte[] b) {
      return List.of("bytes", ByteBuffer.wrap(b.clone()));
    } else if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size() + 1);
      out.add("list");
      for (Object o : l) {
        out.add(key(o));
      }
      return out;
    } else if (v instanceof Map.Entry<?, ?> e) {
      return Arrays.asList("entry", key(e.getKey()), key(e.getValue()));
    } else if (v instanceof UnionValue u) {
      return Arrays.asList("union", u.typeId(), key(u.value()));
    }
    return v;
  }

  // ---------------------------------------------------------------- vectors

  @SuppressWarnings("unchecked")
  static void writeColumn(FieldVector vector, Field f, List<Object> values, Dictionaries dicts) {
    int n = values.size();
    if (f.dictionary() != null) {
      BaseIntVector iv = (BaseIntVector) vector;
      for (int i = 0; i < n; i++) {
        Object v = values.get(i);
        if (v == null) {
          vector.setNull(i);
        } else {
          iv.setWithPossibleTruncate(i, dicts.indexOf(f, v));
        }
      }
      vector.setValueCount(n);
      return;
    }
    ArrowType t = f.type();
    if (vector instanceof NullVector) {
      vector.setValueCount(n);
    } else if (t instanceof ArrowType.Struct) {
      StructVector sv = (StructVector) vector;
      for (int i = 0; i < n; i++) {
        if (values.get(i) == null) {
          sv.setNull(i);
        } else {
          sv.setIndexDefined(i);
        }
      }
      List<FieldVector> children = sv.getChildrenFromFields();
      for (int k = 0; k < f.children().size(); k++) {
        List<Object> col = new ArrayList<>(n);
        for (Object v : values) {
          col.add(v == null ? null : ((List<Object>) v).get(k));
        }
        writeColumn(children.get(k), f.child(k), col, dicts);
      }
      sv.setValueCount(n);
    } else if (t instanceof ArrowType.List || t instanceof ArrowType.Map) {
      ListVector lv = (ListVector) vector;
      writeOffsets(lv, lv.getDataVector(), f, values, dicts, lv::startNewValue, lv::endValue,
          t instanceof ArrowType.Map);
    } else if (t instanceof ArrowType.LargeList) {
      LargeListVector lv = (LargeListVector) vector;
      writeOffsets(lv, lv.getDataVector(), f, values, dicts, lv::startNewValue, lv::endValue, false);
    } else if (t instanceof ArrowType.FixedSizeList fsl) {
      FixedSizeListVector lv = (FixedSizeListVector) vector;
      List<Object> flat = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        List<Object> v = (List<Object>) values.get(i);
        if (v == null) {
          lv.setNull(i);
          for (int k = 0; k < fsl.listSize(); k++) {
            flat.add(null);
          }
        } else {
          if (v.size() != fsl.listSize()) {
            throw new IllegalArgumentException("fixed size list of " + fsl.listSize() + " given " + v.size()
                + " values in " + f.name());
          }
          lv.startNewValue(i);
          flat.addAll(v);
        }
      }
      writeColumn(lv.getDataVector(), f.child(0), flat, dicts);
      lv.setValueCount(n);
    } else if (t instanceof ArrowType.ListView) {
      ListViewVector lv = (ListViewVector) vector;
      writeViews(lv, lv.getDataVector(), f, values, dicts, (i, offset, size) -> {
        lv.startNewValue(i);
        lv.setOffset(i, offset);
        lv.setSize(i, size);
      });
    } else if (t instanceof ArrowType.LargeListView) {
      LargeListViewVector lv = (LargeListViewVector) vector;
      writeViews(lv, lv.getDataVector(), f, values, dicts, (i, offset, size) -> {
        lv.startNewValue(i);
        lv.setOffset(i, offset);
        lv.setSize(i, size);
      });
    } else if (t instanceof ArrowType.Union u) {
      writeUnion(vector, f, u, values, dicts);
    } else if (t instanceof ArrowType.RunEndEncoded) {
      RunEndEncodedVector rv = (RunEndEncodedVector) vector;
      ArrowType.Int endType = (ArrowType.Int) f.child(0).type();
      List<Object> ends = new ArrayList<>();
      List<Object> runValues = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Object v = values.get(i);
        if (i > 0 && ValueAssertions.valuesEqual(runValues.get(runValues.size() - 1), v)) {
          ends.set(ends.size() - 1, boxInt(endType, i + 1));
        } else {
          runValues.add(v);
          ends.add(boxInt(endType, i + 1));
        }
      }
      writeColumn(rv.getRunEndsVector(), f.child(0), ends, dicts);
      writeColumn(rv.getValuesVector(), f.child(1), runValues, dicts);
      rv.setValueCount(n);
    } else {
      if (vector instanceof org.apache.arrow.vector.BaseVariableWidthViewVector && n > 0) {
        vector.allocateNew(); // Arrow Java 19's setSafe fails on a cleared view vector
      }
      for (int i = 0; i < n; i++) {
        Object v = values.get(i);
        if (v == null) {
          vector.setNull(i);
        } else {
          setLeaf(vector, t, i, v);
        }
      }
      vector.setValueCount(n);
    }
  }

  /** Arrow Java's list vectors share these steps, but no interface that has them. */
  private interface ValueStart {
    void start(int index);
  }

  private interface ValueEnd {
    void end(int index, int size);
  }

  private interface ViewSetter {
    void set(int index, int offset, int size);
  }

  /**
   * The offset layouts (List, LargeList, and Map, a list of key-value structs): each value's items appended to the
   * one child column, between the start and the end of the value.
   */
  @SuppressWarnings("unchecked")
  private static void writeOffsets(FieldVector vector, FieldVector items, Field f, List<Object> values,
      Dictionaries dicts, ValueStart start, ValueEnd end, boolean entries) {
    int n = values.size();
    List<Object> flat = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      List<Object> v = (List<Object>) values.get(i);
      if (v == null) {
        vector.setNull(i);
      } else {
        start.start(i);
        for (Object item : v) {
          if (entries) {
            Map.Entry<?, ?> entry = (Map.Entry<?, ?>) item;
            flat.add(Arrays.asList(entry.getKey(), entry.getValue()));
          } else {
            flat.add(item);
          }
        }
        end.end(i, v.size());
      }
    }
    writeColumn(items, f.child(0), flat, dicts);
    vector.setValueCount(n);
  }

  /**
   * The view layouts (ListView, LargeListView): the items first (Arrow Java checks the sizes against the child),
   * then each value's offset and size into them.
   */
  @SuppressWarnings("unchecked")
  private static void writeViews(FieldVector vector, FieldVector items, Field f, List<Object> values,
      Dictionaries dicts, ViewSetter set) {
    int n = values.size();
    List<Object> flat = new ArrayList<>();
    int[] starts = new int[n];
    for (int i = 0; i < n; i++) {
      List<Object> v = (List<Object>) values.get(i);
      starts[i] = flat.size();
      if (v != null) {
        flat.addAll(v);
      }
    }
    writeColumn(items, f.child(0), flat, dicts);
    for (int i = 0; i < n; i++) {
      List<Object> v = (List<Object>) values.get(i);
      if (v == null) {
        vector.setNull(i);
      } else {
        set.set(i, starts[i], v.size());
      }
    }
    vector.setValueCount(n);
  }

  private static Object boxInt(ArrowType.Int type, long v) {
    return switch (type.bitWidth()) {
      case 8 -> (byte) v;
      case 16 -> (short) v;
      case 32 -> (int) v;
      default -> v;
    };
  }

  private static void writeUnion(FieldVector vector, Field f, ArrowType.Union u, List<Object> values,
      Dictionaries dicts) {
    int n = values.size();
    int childCount = f.children().size();
    int[] byType = u.childIndexByTypeId(childCount);
    List<FieldVector> children = vector.getChildrenFromFields();
    List<List<Object>> cols = new ArrayList<>();
    for (int k = 0; k < childCount; k++) {
      cols.add(new ArrayList<>());
    }
    boolean sparse = u.mode() == UnionMode.SPARSE;
    vector.allocateNew();
    while (vector.getValueCapacity() < n) {
      vector.reAlloc();
    }
    ArrowBuf types = sparse ? ((UnionVector) vector).getTypeBuffer() : ((DenseUnionVector) vector).getTypeBuffer();
    for (int i = 0; i < n; i++) {
      UnionValue v = (UnionValue) values.get(i);
      int child = v == null ? 0 : byType[v.typeId()];
      types.setByte(i, v == null ? u.typeIdOf(0) : v.typeId());
      if (sparse) {
        // every child has a slot for every value: the value in its type's child, nulls in the others
        for (int k = 0; k < childCount; k++) {
          cols.get(k).add(k == child && v != null ? v.value() : null);
        }
      } else {
        ((DenseUnionVector) vector).getOffsetBuffer().setInt((long) i * DenseUnionVector.OFFSET_WIDTH,
            cols.get(child).size());
        cols.get(child).add(v == null ? null : v.value());
      }
    }
    for (int k = 0; k < childCount; k++) {
      writeColumn(children.get(k), f.child(k), cols.get(k), dicts);
    }
    vector.setValueCount(n);
  }

  private static void setLeaf(FieldVector vector, ArrowType t, int i, Object v) {
    if (vector instanceof BitVector b) {
      b.setSafe(i, ((Boolean) v) ? 1 : 0);
    } else if (vector instanceof BaseIntVector x) {
      // Int8 to Int64 and UInt8 to UInt64: a Byte, Short, Integer, Long or BigInteger, stored as its low bits
      x.setWithPossibleTruncate(i, ((Number) v).longValue());
    } else if (vector instanceof Float2Vector x) {
      x.setSafe(i, Float16.toFloat16((Float) v));
    } else if (vector instanceof Float4Vector x) {
      x.setSafe(i, (Float) v);
    } else if (vector instanceof Float8Vector x) {
      x.setSafe(i, (Double) v);
    } else if (vector instanceof DecimalVector x) {
      x.setSafe(i, (BigDecimal) v);
    } else if (vector instanceof Decimal256Vector x) {
      x.setSafe(i, (BigDecimal) v);
    } else if (vector instanceof DateDayVector x) {
      x.setSafe(i, (Integer) v);
    } else if (vector instanceof DateMilliVector x) {
      x.setSafe(i, (Long) v);
    } else if (vector instanceof TimeSecVector x) {
      x.setSafe(i, (Integer) v);
    } else if (vector instanceof TimeMilliVector x) {
      x.setSafe(i, (Integer) v);
    } else if (vector instanceof TimeMicroVector x) {
      x.setSafe(i, (Long) v);
    } else if (vector instanceof TimeNanoVector x) {
      x.setSafe(i, (Long) v);
    } else if (vector instanceof TimeStampVector x) {
      x.setSafe(i, (Long) v);
    } else if (vector instanceof DurationVector x) {
      x.setSafe(i, (Long) v);
    } else if (vector instanceof IntervalYearVector x) {
      x.setSafe(i, (Integer) v);
    } else if (vector instanceof IntervalDayVector x) {
      IntervalDayTime d = (IntervalDayTime) v;
      x.setSafe(i, d.days(), d.milliseconds());
    } else if (vector instanceof IntervalMonthDayNanoVector x) {
      IntervalMonthDayNano d = (IntervalMonthDayNano) v;
      x.setSafe(i, d.months(), d.days(), d.nanoseconds());
    } else if (vector instanceof FixedSizeBinaryVector x) {
      x.setSafe(i, (byte[]) v);
    } else if (vector instanceof VariableWidthFieldVector x) {
      byte[] bytes = v instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : (byte[]) v;
      x.setSafe(i, bytes);
    } else {
      throw new UnsupportedOperationException("can't write " + t + " into " + vector.getClass().getSimpleName());
    }
  }

  static boolean isDate32(ArrowType t) {
    return t instanceof ArrowType.Date d && d.unit() == DateUnit.DAY;
  }
}
