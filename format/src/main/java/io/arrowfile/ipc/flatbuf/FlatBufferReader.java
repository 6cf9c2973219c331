package io.arrowfile.ipc.flatbuf;

import io.arrowfile.columnar.ArrowFormatException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A bounds-checked reader of an untrusted Flatbuffer. Every offset (uoffset to tables, strings and vectors,
 * soffset to vtables), every vtable and table size, every vector length and every string is checked against
 * the buffer before it is used; any problem is an {@link ArrowFormatException}.
 *
 * <p>Because tables, strings and vectors can be shared through offsets, a malicious buffer could make a
 * reader visit the same bytes again and again (exponentially, through nested vectors). The reader therefore
 * keeps a work budget proportional to the buffer's size, charged for every table, vector element and string
 * byte it decodes.
 */
final class FlatBufferReader {
  /** An element vector: absolute position of the first element and the number of elements. */
  record Vec(int start, int length, int elementSize) {}

  /** A validated table: its position, its vtable's position and size, and the table's inline size. */
  record Table(int pos, int vtable, int vtableSize, int tableSize) {}

  private final ByteBuffer bb;
  private final int limit;
  private final String what;
  private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT)
      .onUnmappableCharacter(CodingErrorAction.REPORT);
  private long budget;

  /** Reads {@code flatbuffer} from position to limit; the caller's buffer is not modified. */
  FlatBufferReader(ByteBuffer flatbuffer, String what) {
    this.bb = flatbuffer.slice().order(ByteOrder.LITTLE_ENDIAN);
    this.limit = bb.limit();
    this.what = what;
    this.budget = 16L * limit + 4096;
  }

  int size() {
    return limit;
  }

  ArrowFormatException corrupt(String problem) {
    return new ArrowFormatException(what + " flatbuffer (" + limit + " bytes) is corrupt: " + problem);
  }

  private void charge(long work) {
    budget -= work;
    if (budget < 0) {
      throw corrupt("it refers to the same data too often (more work than its size allows)");
    }
  }

  private void checkRange(long pos, long length, String name) {
    if (pos < 0 || length < 0 || pos + length > limit) {
      throw corrupt(name + " at offset " + pos + " (" + length + " bytes) lies outside the buffer");
    }
  }

  /** Follows the uoffset stored at {@code pos}: the absolute position it points to. */
  private int deref(int pos, String name) {
    checkRange(pos, 4, name + " offset");
    long target = pos + Integer.toUnsignedLong(bb.getInt(pos));
    if (target >= limit) {
      throw corrupt(name + " offset at " + pos + " points to " + target + ", outside the buffer");
    }
    return (int) target;
  }

  /** The root table. */
  Table root(String name) {
    if (limit < 8) {
      throw corrupt("too short for a flatbuffer (at least 8 bytes are needed)");
    }
    return table(deref(0, name), name);
  }

  /** Validates the table at absolute position {@code pos}. */
  Table table(int pos, String name) {
    charge(16);
    checkRange(pos, 4, name + " table");
    long vtable = (long) pos - bb.getInt(pos);
    if (vtable < 0 || vtable + 4 > limit) {
      throw corrupt(name + " table at " + pos + " has its vtable at " + vtable + ", outside the buffer");
    }
    int vt = (int) vtable;
    int vtSize = Short.toUnsignedInt(bb.getShort(vt));
    int tSize = Short.toUnsignedInt(bb.getShort(vt + 2));
    if (vtSize < 4 || (vtSize & 1) != 0) {
      throw corrupt(name + " table at " + pos + " has a vtable of invalid size " + vtSize);
    }
    checkRange(vt, vtSize, name + " vtable");
    if (tSize < 4) {
      throw corrupt(name + " table at " + pos + " has invalid inline size " + tSize);
    }
    checkRange(pos, tSize, name + " table");
    return new Table(pos, vt, vtSize, tSize);
  }

  /** Absolute position of field {@code slot} of {@code size} bytes, or -1 when absent (or {@code t} is null). */
  private int field(Table t, int slot, int size, String name) {
    if (t == null) {
      return -1;
    }
    int entry = 4 + 2 * slot;
    if (entry + 2 > t.vtableSize()) {
      return -1;
    }
    int off = Short.toUnsignedInt(bb.getShort(t.vtable() + entry));
    if (off == 0) {
      return -1;
    }
    if (off < 4 || off + size > t.tableSize()) {
      throw corrupt("field " + name + " at " + off + " (" + size + " bytes) lies outside its table ("
          + t.tableSize() + " bytes at " + t.pos() + ")");
    }
    return t.pos() + off;
  }

  boolean has(Table t, int slot) {
    if (t == null) {
      return false;
    }
    int entry = 4 + 2 * slot;
    return entry + 2 <= t.vtableSize() && bb.getShort(t.vtable() + entry) != 0;
  }

  byte getByte(Table t, int slot, byte def, String name) {
    int p = field(t, slot, 1, name);
    return p < 0 ? def : bb.get(p);
  }

  boolean getBool(Table t, int slot, boolean def, String name) {
    int p = field(t, slot, 1, name);
    return p < 0 ? def : bb.get(p) != 0;
  }

  short getShort(Table t, int slot, short def, String name) {
    int p = field(t, slot, 2, name);
    return p < 0 ? def : bb.getShort(p);
  }

  int getInt(Table t, int slot, int def, String name) {
    int p = field(t, slot, 4, name);
    return p < 0 ? def : bb.getInt(p);
  }

  long getLong(Table t, int slot, long def, String name) {
    int p = field(t, slot, 8, name);
    return p < 0 ? def : bb.getLong(p);
  }

  /** The sub-table in field {@code slot}, or null when absent. */
  Table getTable(Table t, int slot, String name) {
    int p = field(t, slot, 4, name);
    return p < 0 ? null : table(deref(p, name), name);
  }

  /** The string in field {@code slot}, or null when absent. */
  String getString(Table t, int slot, String name) {
    int p = field(t, slot, 4, name);
    return p < 0 ? null : stringAt(deref(p, name), name);
  }

  private String stringAt(int pos, String name) {
    checkRange(pos, 4, name + " string length");
    long length = Integer.toUnsignedLong(bb.getInt(pos));
    if (length > limit - pos - 4L) {
      throw corrupt("string " + name + " at " + pos + " declares " + length
          + " bytes, more than the buffer holds");
    }
    charge(length + 8);
    ByteBuffer bytes = bb.duplicate();
    bytes.position(pos + 4).limit(pos + 4 + (int) length);
    try {
      CharBuffer chars = utf8.reset().decode(bytes);
      return chars.toString();
    } catch (CharacterCodingException e) {
      throw corrupt("string " + name + " at " + pos + " is not valid UTF-8");
    }
  }

  /** The vector in field {@code slot} of elements of {@code elementSize} bytes, or null when absent. */
  Vec getVector(Table t, int slot, int elementSize, String name) {
    int p = field(t, slot, 4, name);
    if (p < 0) {
      return null;
    }
    int pos = deref(p, name);
    checkRange(pos, 4, name + " vector length");
    long length = Integer.toUnsignedLong(bb.getInt(pos));
    long available = (limit - pos - 4L) / elementSize;
    if (length > available) {
      throw corrupt("vector " + name + " at " + pos + " declares " + length + " elements of "
          + elementSize + " bytes, but only " + (limit - pos - 4L) + " bytes follow");
    }
    charge(length * elementSize + 8);
    return new Vec(pos + 4, (int) length, elementSize);
  }

  private int element(Vec v, int i) {
    if (i < 0 || i >= v.length()) {
      throw new IllegalStateException("element " + i + " of a vector of " + v.length());
    }
    return v.start() + i * v.elementSize();
  }

  Table tableAt(Vec v, int i, String name) {
    return table(deref(element(v, i), name), name);
  }

  int intAt(Vec v, int i) {
    return bb.getInt(element(v, i));
  }

  long longAt(Vec v, int i) {
    return bb.getLong(element(v, i));
  }

  /** Long at byte {@code offset} within struct element {@code i}. */
  long structLong(Vec v, int i, int offset) {
    return bb.getLong(element(v, i) + offset);
  }

  /** Int at byte {@code offset} within struct element {@code i}. */
  int structInt(Vec v, int i, int offset) {
    return bb.getInt(element(v, i) + offset);
  }
}
