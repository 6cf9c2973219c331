package io.arrowfile.connector.write;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.builder.ArrayBuilder;
import io.arrowfile.columnar.builder.VariableBinaryBuilder;
import io.arrowfile.columnar.type.Field;
import java.util.Arrays;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.array.ByteArrayMethods;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The growing, append-only dictionary of one string column of one file: distinct values in first-seen order
 * (their bytes end to end in one array) and an open-addressing hash table value -&gt; index, with no object per
 * value. Bounded: {@link #add} refuses a value that would take the dictionaries sharing its {@link Bound} (those of
 * one file) past their entries or bytes.
 */
final class StringDictionary {
  /** The memory all dictionaries of one file may take together: distinct values and their bytes. */
  static final class Bound {
    final int maxEntries;
    final long maxBytes;
    int entries;
    long bytes;

    Bound(int maxEntries, long maxBytes) {
      this.maxEntries = maxEntries;
      this.maxBytes = maxBytes;
    }
  }

  private final Bound bound;
  private byte[] data = new byte[1 << 12];
  private int dataLength;
  private int[] offsets = new int[257]; // offsets[i]..offsets[i+1] are the bytes of value i
  private int size;
  private int[] slots = new int[1 << 8]; // index + 1, 0 = empty
  private int[] hashes = new int[1 << 8];

  StringDictionary(Bound bound) {
    this.bound = bound;
  }

  /** A dictionary with a bound of its own. */
  StringDictionary(int maxEntries, long maxBytes) {
    this(new Bound(maxEntries, maxBytes));
  }

  int size() {
    return size;
  }

  long bytes() {
    return dataLength;
  }

  /** The index of {@code v}, added when new; -1 when adding it would pass a bound (nothing is added then). */
  int add(UTF8String v) {
    Object base = v.getBaseObject();
    long offset = v.getBaseOffset();
    int n = v.numBytes();
    int h = v.hashCode();
    int mask = slots.length - 1;
    int i = mix(h) & mask;
    while (true) {
      int s = slots[i];
      if (s == 0) {
        break;
      }
      if (hashes[i] == h) {
        int index = s - 1;
        int start = offsets[index];
        if (offsets[index + 1] - start == n && ByteArrayMethods.arrayEquals(data,
            Platform.BYTE_ARRAY_OFFSET + start, base, offset, n)) {
          return index;
        }
      }
      i = (i + 1) & mask;
    }
    if (bound.entries >= bound.maxEntries || bound.bytes + n > bound.maxBytes) {
      return -1;
    }
    bound.entries++;
    bound.bytes += n;
    if (dataLength + n > data.length) {
      data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 8,
          Math.max((long) dataLength + n, 2L * data.length)));
    }
    Platform.copyMemory(base, offset, data, Platform.BYTE_ARRAY_OFFSET + dataLength, n);
    dataLength += n;
    if (size + 2 > offsets.length) {
      offsets = Arrays.copyOf(offsets, offsets.length * 2);
    }
    int index = size++;
    offsets[index + 1] = dataLength;
    slots[i] = index + 1;
    hashes[i] = h;
    if (size * 2 > slots.length) {
      rehash();
    }
    return index;
  }

  /** Empties the dictionary and gives its share of the bound back (a column decided plain). */
  void release() {
    bound.entries -= size;
    bound.bytes -= dataLength;
    data = new byte[0];
    dataLength = 0;
    offsets = new int[257];
    size = 0;
    slots = new int[1 << 8];
    hashes = new int[1 << 8];
  }

  private static int mix(int h) {
    return h ^ (h >>> 16);
  }

  private void rehash() {
    int[] newSlots = new int[slots.length * 2];
    int[] newHashes = new int[newSlots.length];
    int mask = newSlots.length - 1;
    for (int j = 0; j < slots.length; j++) {
      if (slots[j] != 0) {
        int i = mix(hashes[j]) & mask;
        while (newSlots[i] != 0) {
          i = (i + 1) & mask;
        }
        newSlots[i] = slots[j];
        newHashes[i] = hashes[j];
      }
    }
    slots = newSlots;
    hashes = newHashes;
  }

  /** Value {@code index} (a view of the dictionary's bytes: copy it to keep it past the next add). */
  UTF8String get(int index) {
    int start = offsets[index];
    return UTF8String.fromBytes(data, start, offsets[index + 1] - start);
  }

  /** Appends value {@code index}'s bytes to {@code b}. */
  void appendTo(VariableBinaryBuilder b, int index) {
    int start = offsets[index];
    b.appendBytes(data, start, offsets[index + 1] - start);
  }

  /** The values as one Utf8 array of {@code valueField} (no nulls), as a dictionary batch carries them. */
  ArrayData build(Field valueField) {
    return build(valueField, 0);
  }

  /** The values from index {@code from} on, as {@link #build(Field)} (a stream's delta dictionary batch). */
  ArrayData build(Field valueField, int from) {
    VariableBinaryBuilder b = (VariableBinaryBuilder) ArrayBuilder.create(valueField);
    for (int i = from; i < size; i++) {
      appendTo(b, i);
    }
    return b.build();
  }
}
