package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.Endianness;
import io.arrowfile.ipc.metadata.MetadataVersion;
import java.util.HashMap;
import java.util.Map;

/**
 * The dictionaries of one file or stream: which field each id's values are read as, and the values read
 * so far. Deltas append; a non-delta batch for an id already read replaces it in a stream and is an error
 * in a file.
 */
public final class DictionaryReader {
  private final Map<Long, Field> valueFields = new HashMap<>();
  private final Map<Long, ArrayData> dictionaries = new HashMap<>();
  private final boolean file;
  private final Endianness endianness;
  private final ReadOptions options;

  public DictionaryReader(Schema schema, Endianness endianness, boolean file, ReadOptions options) {
    this.file = file;
    this.endianness = endianness;
    this.options = options;
    for (Field field : schema.fields()) {
      collect(field);
    }
  }

  private void collect(Field field) {
    if (field.isDictionaryEncoded()) {
      Field previous = valueFields.putIfAbsent(field.dictionary().id(), field.dictionaryValueField());
      if (previous != null && !sameValueType(previous, field.dictionaryValueField())) {
        throw new ArrowFormatException("dictionary id " + field.dictionary().id()
            + " is used by fields of different types: " + previous.type() + " and " + field.type());
      }
    }
    for (Field child : field.children()) {
      collect(child);
    }
  }

  private static boolean sameValueType(Field a, Field b) {
    return a.type().equals(b.type()) && a.children().size() == b.children().size();
  }

  /** Whether the schema uses any dictionary. */
  public boolean hasDictionaries() {
    return !valueFields.isEmpty();
  }

  /** The dictionaries read so far, by id (live view). */
  public Map<Long, ArrayData> dictionaries() {
    return dictionaries;
  }

  /** Reads one dictionary batch message. */
  public void read(DictionaryBatchHeader header, ArrowBuffer body, MetadataVersion version) {
    long id = header.id();
    Field valueField = valueFields.get(id);
    if (valueField == null) {
      throw new ArrowFormatException("dictionary batch for id " + id + ", which no field of the schema uses");
    }
    ArrayData values;
    try {
      values = RecordBatchDecoder.decodeDictionary(valueField, header.data(), body, dictionaries, endianness,
          version, options);
    } catch (ArrowFormatException e) {
      ArrowFormatException wrapped = new ArrowFormatException("dictionary " + id + ": " + e.problem(), e);
      throw e.fieldPath() == null ? wrapped : wrapped.inField(e.fieldPath());
    }
    ArrayData previous = dictionaries.get(id);
    if (header.isDelta()) {
      if (previous == null) {
        dictionaries.put(id, values);
      } else {
        dictionaries.put(id, ArrayConcat.concat(previous, values));
      }
    } else {
      if (previous != null && file) {
        throw new ArrowFormatException("file replaces dictionary id " + id
            + ", which the file format does not allow");
      }
      dictionaries.put(id, values);
    }
  }
}
