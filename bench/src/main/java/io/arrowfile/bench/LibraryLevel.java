package io.arrowfile.bench;

import static io.arrowfile.bench.Bench.arrowFiles;
import static io.arrowfile.bench.Bench.log;
import static io.arrowfile.bench.Bench.runJvm;
import static io.arrowfile.bench.Bench.sizes;
import static io.arrowfile.bench.BenchTables.OURS;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.IntArray;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.flatbuf.MetadataFlatbuffers;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;

/**
 * The library level, no Spark, one thread: our reader and writer against Arrow Java's and the physical floor of a
 * mapped-file loop, on the main table's files. Runs in a JVM of its own ({@link #main}).
 */
final class LibraryLevel {
  static final String LONG_COLUMN = "l";
  static final String[] LIB_CODECS = {"none", "lz4", "zstd"};
  static final String PER_VALUE = "arrowfile none, per value";
  /** Ours without the validity: every slot summed, as the floor's loop does (our writer zeroes null slots). */
  static final String ALL_SLOTS = "arrowfile none, all slots";
  /** Ours opening the files and decoding every batch's metadata and column {@code l}, reading no value. */
  static final String METADATA_ONLY = "arrowfile none, metadata only";
  static final String LIB_READ = "read every batch, sum column `l`";

  final BenchRun run;
  final BenchTables tables;
  /** Rows the metadata-only read counted: the check that it read every batch. */
  final Map<String, Long> metadataRows = new LinkedHashMap<>();

  LibraryLevel(BenchRun run, BenchTables tables) {
    this.run = run;
    this.tables = tables;
  }

  /**
   * The library level runs in a new JVM, without Spark: in the JVM that just ran the Spark queries, the JIT's
   * profiles of the buffer accessors come from Spark's reads, and the same loops measured 1.5 to 2.5 times
   * slower (ours more than Arrow Java's), which is not what a program using the library would see.
   */
  void measureInFreshJvm() throws Exception {
    List<String> props = new ArrayList<>(List.of("-Xmx" + (Runtime.getRuntime().maxMemory() >> 20) + "m",
        "-Dbench.rows=" + run.rows, "-Dbench.repeats=" + run.repeats, "-Dbench.warmup=" + run.warmup,
        "-Dbench.perRound=" + run.perRound,
        "-Dbench.dir=" + run.dir));
    int exit = runJvm(props, LibraryLevel.class.getName(), List.of(), line -> {
      String[] f = line.split("\t", -1);
      if (f[0].equals("LIB") && f.length == 5) {
        run.results.computeIfAbsent(f[1], k -> new LinkedHashMap<>()).computeIfAbsent(f[2], k -> new LinkedHashMap<>())
            .computeIfAbsent(f[3], k -> new ArrayList<>()).add(Double.parseDouble(f[4]));
      } else if (f[0].equals("CHECK") && f.length == 2) {
        run.checks.add(f[1]);
      } else {
        System.out.println(line);
      }
    });
    if (exit != 0) {
      run.checks.add("library: its JVM exited with " + exit);
    }
  }

  /** The JVM of {@link #measureInFreshJvm}: {@link #measure()}, its times and checks printed for the parent. */
  public static void main(String[] args) throws Exception {
    BenchRun run = new BenchRun();
    new LibraryLevel(run, new BenchTables(run)).measure();
    for (String section : List.of("lib-read", "lib-write")) {
      run.results.getOrDefault(section, Map.of()).forEach((row, bySource) -> bySource.forEach((source, times) -> {
        for (double ms : times) {
          System.out.println("LIB\t" + section + "\t" + row + "\t" + source + "\t" + ms);
        }
      }));
    }
    for (String c : run.checks) {
      System.out.println("CHECK\t" + c.replace('\t', ' ').replace('\n', ' '));
    }
  }

  void measure() throws Exception {
    List<Path> none = arrowFiles(tables.data("main", OURS));
    long[] floorRegions = floorRegions(none);
    Map<String, Long> sums = new LinkedHashMap<>();
    for (int round = 0; round < run.warmup + run.repeats; round++) {
      boolean record = round >= run.warmup;
      log("library round " + (round + 1) + "/" + (run.warmup + run.repeats));
      // Each timing starts after a collection, so that none pays for another's garbage (or Spark's). The reads of
      // uncompressed files take 10 to 100 ms and swing by 20%: they run perRound times per round.
      for (String codec : LIB_CODECS) {
        List<Path> files = arrowFiles(tables.data("main", "arrowfile " + codec));
        int times = codec.equals("none") ? run.perRound : 1;
        for (int k = 0; k < times; k++) {
          collect();
          run.time(record, "lib-read", LIB_READ, "arrowfile " + codec, () -> sums.put("ours " + codec, oursSum(files)));
          if (codec.equals("none")) {
            collect();
            run.time(record, "lib-read", LIB_READ, PER_VALUE, () -> sums.put(PER_VALUE, oursSumPerValue(files)));
            collect();
            run.time(record, "lib-read", LIB_READ, ALL_SLOTS, () -> sums.put(ALL_SLOTS, oursSumAllSlots(files)));
            collect();
            run.time(record, "lib-read", LIB_READ, METADATA_ONLY, () -> metadataRows.put(METADATA_ONLY,
                sumColumnL(files, IntArray::length)));
          }
          collect();
          run.time(record, "lib-read", LIB_READ, "Arrow Java " + codec,
              () -> sums.put("arrow-java " + codec, arrowJavaSum(files)));
        }
      }
      for (int k = 0; k < run.perRound; k++) {
        collect();
        run.time(record, "lib-read", LIB_READ, "floor", () -> sums.put("floor", floorSum(none, floorRegions, false)));
        collect();
        run.time(record, "lib-read", LIB_READ, "floor with validity",
            () -> sums.put("floor with validity", floorSum(none, floorRegions, true)));
      }
    }
    if (metadataRows.getOrDefault(METADATA_ONLY, -1L) != run.rows) {
      run.checks.add("library: the metadata-only read counted " + metadataRows + " rows, not " + run.rows);
    }
    long expected = sums.get("ours none");
    for (Map.Entry<String, Long> e : sums.entrySet()) {
      if (e.getValue() != expected) {
        String msg = "library sum " + e.getKey() + " = " + e.getValue() + " but ours none = " + expected
            + (e.getKey().equals("floor") ? " (the floor without validity sums null slots too)" : "");
        run.checks.add(msg);
        log(msg);
      }
    }
    run.checks.add("library: sum(l) = " + expected + " from ours, Arrow Java (all codecs) and the floor loops");

    // Writes from memory: both sides hold the whole table (uncompressed) in memory first.
    List<RecordBatch> ours = new ArrayList<>();
    Schema ourSchema = null;
    for (Path f : none) {
      ArrowFileReader r = ArrowFileReader.open(ByteSource.wrap(ArrowBuffer.wrap(Files.readAllBytes(f)),
          f.getFileName().toString()), ReadOptions.DEFAULT);
      ourSchema = r.schema();
      for (int k = 0; k < r.recordBatchCount(); k++) {
        ours.add(r.recordBatch(k));
      }
    }
    Path wdir = run.dir.resolve("write-out").resolve("lib");
    Files.createDirectories(wdir);
    try (BufferAllocator alloc = new RootAllocator()) {
      List<ArrowRecordBatch> theirs = new ArrayList<>();
      org.apache.arrow.vector.types.pojo.Schema theirSchema = null;
      for (Path f : none) {
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ);
            org.apache.arrow.vector.ipc.ArrowFileReader r = new org.apache.arrow.vector.ipc.ArrowFileReader(ch, alloc)) {
          VectorSchemaRoot root = r.getVectorSchemaRoot();
          theirSchema = root.getSchema();
          while (r.loadNextBatch()) {
            theirs.add(new VectorUnloader(root).getRecordBatch());
          }
        }
      }
      final Schema os = ourSchema;
      final org.apache.arrow.vector.types.pojo.Schema ts = theirSchema;
      for (int round = 0; round < run.warmup + run.repeats; round++) {
        boolean record = round >= run.warmup;
        for (String codec : new String[] {"none", "zstd"}) {
          Path o = wdir.resolve("ours-" + codec + ".arrow");
          Path a = wdir.resolve("arrowjava-" + codec + ".arrow");
          collect();
          run.time(record, "lib-write", "write the whole table from memory", "arrowfile " + codec,
              () -> oursWrite(o, os, ours, codec));
          collect();
          run.time(record, "lib-write", "write the whole table from memory", "Arrow Java " + codec,
              () -> arrowJavaWrite(a, ts, theirs, alloc, codec));
        }
      }
      run.checks.add("library write sizes: " + sizes(wdir));
      for (ArrowRecordBatch b : theirs) {
        b.close();
      }
    }
  }

  /** A collection, and time for it to finish, before each timing: none pays for another's garbage. */
  static void collect() throws InterruptedException {
    System.gc();
    Thread.sleep(200);
  }

  /** Ours, as a bulk reader would: 64 validity bits at a time mask the values, no branch per value. */
  static long oursSum(List<Path> files) throws IOException {
    return sumColumnL(files, LibraryLevel::sumNonNull);
  }

  /** Ours summing every slot, null or not, 4096 values copied out at a time: the floor's loop over our API. */
  static long oursSumAllSlots(List<Path> files) throws IOException {
    long[] values = new long[4096];
    return sumColumnL(files, a -> {
      long sum = 0;
      int n = (int) a.length();
      for (int from = 0; from < n; from += values.length) {
        int m = Math.min(values.length, n - from);
        a.getLongs(from, values, 0, m);
        for (int j = 0; j < m; j++) {
          sum += values[j];
        }
      }
      return sum;
    });
  }

  /** Ours, one value at a time: {@code isNull} then {@code getLong}, as the simplest reader would. */
  static long oursSumPerValue(List<Path> files) throws IOException {
    return sumColumnL(files, a -> {
      long sum = 0;
      long n = a.length();
      for (long i = 0; i < n; i++) {
        if (!a.isNull(i)) {
          sum += a.getLong(i);
        }
      }
      return sum;
    });
  }

  /** Opens each file (mapped), reads column {@code l} alone from every record batch and adds up {@code sum} of it. */
  static long sumColumnL(List<Path> files, java.util.function.ToLongFunction<IntArray> sum) throws IOException {
    long total = 0;
    for (Path f : files) {
      try (ArrowFileReader r = ArrowFileReader.open(f, ReadOptions.DEFAULT)) {
        int col = r.schema().fields().indexOf(field(r.schema(), LONG_COLUMN));
        for (int k = 0; k < r.recordBatchCount(); k++) {
          total += sum.applyAsLong((IntArray) ArrowArray.of(r.recordBatch(k, new int[] {col}).column(0)));
        }
      }
    }
    return total;
  }

  /** The sum of {@code a}'s non-null values: 4096 values copied out at a time, masked 64 at a time. */
  static long sumNonNull(IntArray a) {
    long[] values = new long[4096];
    long sum = 0;
    int n = (int) a.length();
    for (int from = 0; from < n; from += values.length) {
      int m = Math.min(values.length, n - from);
      a.getLongs(from, values, 0, m);
      for (int i = 0; i < m; i += 64) {
        long valid = a.data().validityBits(from + i);
        int k = Math.min(64, m - i);
        for (int j = 0; j < k; j++) {
          sum += values[i + j] & -((valid >>> j) & 1); // the value, or 0 for a null slot
        }
      }
    }
    return sum;
  }

  static long arrowJavaSum(List<Path> files) throws IOException {
    long sum = 0;
    try (BufferAllocator alloc = new RootAllocator()) {
      for (Path f : files) {
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ);
            org.apache.arrow.vector.ipc.ArrowFileReader r =
                new org.apache.arrow.vector.ipc.ArrowFileReader(ch, alloc, CommonsCompressionFactory.INSTANCE)) {
          VectorSchemaRoot root = r.getVectorSchemaRoot();
          for (ArrowBlock block : r.getRecordBlocks()) {
            r.loadRecordBatch(block);
            BigIntVector v = (BigIntVector) root.getVector(LONG_COLUMN);
            int n = root.getRowCount();
            for (int i = 0; i < n; i++) {
              if (!v.isNull(i)) {
                sum += v.get(i);
              }
            }
          }
        }
      }
    }
    return sum;
  }

  /**
   * Per file, the (offset, value count) pairs of column {@code l}'s value buffer in every record batch, found from
   * the footer and the batch headers (the columns before {@code l} are flat fixed-width: two buffers each).
   */
  static long[] floorRegions(List<Path> files) throws IOException {
    List<Long> out = new ArrayList<>();
    for (int fi = 0; fi < files.size(); fi++) {
      Path f = files.get(fi);
      try (ArrowFileReader r = ArrowFileReader.open(f, ReadOptions.DEFAULT);
          FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
        List<Field> fields = r.schema().fields();
        int col = fields.indexOf(field(r.schema(), LONG_COLUMN));
        for (int c = 0; c < col; c++) {
          if (!fields.get(c).children().isEmpty()) {
            throw new IllegalStateException("floor: columns before l must be flat");
          }
        }
        int bufferIndex = 2 * col + 1;
        MappedByteBuffer mb = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
        mb.order(ByteOrder.LITTLE_ENDIAN);
        for (Block block : r.footer().recordBatches()) {
          int pos = (int) block.offset();
          int len = mb.getInt(pos);
          int fb = pos + 4;
          if (len == -1) {
            len = mb.getInt(pos + 4);
            fb = pos + 8;
          }
          Message m = MetadataFlatbuffers.readMessage(mb.slice(fb, len).order(ByteOrder.LITTLE_ENDIAN));
          RecordBatchHeader h = (RecordBatchHeader) m.header();
          BodyBuffer validity = h.buffers().get(bufferIndex - 1);
          BodyBuffer buf = h.buffers().get(bufferIndex);
          long body = block.offset() + block.metaDataLength();
          out.add((long) fi);
          out.add(validity.length() == 0 ? -1 : body + validity.offset());
          out.add(body + buf.offset());
          out.add(h.nodes().get(col).length());
        }
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  /**
   * The physical floor: map each file and sum the long values with MappedByteBuffer.getLong, nothing else. With
   * {@code validity}, a value is added only when its validity bit (one MappedByteBuffer.get of the bitmap byte)
   * is set: what any reader of a nullable column must at least do.
   */
  static long floorSum(List<Path> files, long[] regions, boolean validity) throws IOException {
    long sum = 0;
    for (int fi = 0; fi < files.size(); fi++) {
      try (FileChannel ch = FileChannel.open(files.get(fi), StandardOpenOption.READ)) {
        MappedByteBuffer mb = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
        mb.order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < regions.length; k += 4) {
          if (regions[k] != fi) {
            continue;
          }
          int bits = (int) regions[k + 1];
          int start = (int) regions[k + 2];
          int n = (int) regions[k + 3];
          if (validity && bits >= 0) {
            for (int j = 0; j < n; j++) {
              if (((mb.get(bits + (j >>> 3)) >> (j & 7)) & 1) != 0) {
                sum += mb.getLong(start + 8 * j);
              }
            }
          } else {
            for (int j = 0; j < n; j++) {
              sum += mb.getLong(start + 8 * j);
            }
          }
        }
      }
    }
    return sum;
  }

  static void oursWrite(Path path, Schema schema, List<RecordBatch> batches, String codec) throws IOException {
    WriteOptions o = WriteOptions.DEFAULT.withCompression(codec.equals("zstd") ? CompressionCodec.ZSTD : null);
    try (ArrowFileWriter w = ArrowFileWriter.create(path, schema, o)) {
      for (RecordBatch b : batches) {
        w.write(b);
      }
    }
  }

  static void arrowJavaWrite(Path path, org.apache.arrow.vector.types.pojo.Schema schema,
      List<ArrowRecordBatch> batches, BufferAllocator alloc, String codec) throws IOException {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, alloc);
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);
        org.apache.arrow.vector.ipc.ArrowFileWriter w = codec.equals("zstd")
            ? new org.apache.arrow.vector.ipc.ArrowFileWriter(root, null, ch, Map.of(), IpcOption.DEFAULT,
                CommonsCompressionFactory.INSTANCE, CompressionUtil.CodecType.ZSTD, Optional.of(3))
            : new org.apache.arrow.vector.ipc.ArrowFileWriter(root, null, ch)) {
      w.start();
      VectorLoader loader = new VectorLoader(root);
      for (ArrowRecordBatch b : batches) {
        loader.load(b);
        w.writeBatch();
      }
      w.end();
    }
  }

  static Field field(Schema schema, String name) {
    for (Field f : schema.fields()) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException("no column " + name);
  }

  /** The report's "Library level" section, below its heading. */
  String report() {
    StringBuilder md = new StringBuilder("In a JVM of its own, without Spark; each timing starts after a "
        + "`System.gc()`. ");
    md.append("Read: open each file, read every record batch, sum the non-null values of long column `l`. Ours: "
        + "`io.arrowfile.ipc.ArrowFileReader.open(path)` (memory-mapped), `recordBatch(k, {l})` (which decodes, "
        + "validates and decompresses only column `l`), then `IntArray.getLongs` copies 4096 values at a time into a "
        + "`long[]` and one `ArrayData.validityBits` word masks each 64 of them (no branch per value); \"per value\": "
        + "the same with `IntArray.isNull` then "
        + "`getLong` for each value, whose branch mispredicts on scattered nulls; \"all slots\": `getLongs` summing every "
        + "slot, null or not, as the floor's loop does (our writer zeroes null slots, so the sum is the same); "
        + "\"metadata only\": opening the files and decoding every batch's metadata and column `l`, reading no value. "
        + "Arrow Java: `org.apache.arrow.vector.ipc.ArrowFileReader` over a FileChannel, `loadRecordBatch` (it has "
        + "no column selection: every column is read and decompressed), "
        + "`BigIntVector.isNull/get`. Floor: map the file, `MappedByteBuffer.getLong` over the value buffer of `l` "
        + "in each batch (offsets found beforehand; no validity, no metadata). Floor with validity: the same, adding a "
        + "value only when `MappedByteBuffer.get` of its validity byte has its bit set.\n\n");
    md.append(run.table("lib-read", new String[] {"arrowfile none", PER_VALUE, ALL_SLOTS, METADATA_ONLY, "arrowfile lz4",
        "arrowfile zstd", "Arrow Java none", "Arrow Java lz4", "Arrow Java zstd", "floor", "floor with validity"}, OURS,
        new String[] {"Arrow Java none", "floor", "floor with validity"}));
    md.append("\nWrite: the whole main table, already in memory on both sides (ours: batches over a heap copy of the "
        + "file; Arrow Java: ArrowRecordBatches loaded into a VectorSchemaRoot), to a new file.\n\n");
    md.append(run.table("lib-write", new String[] {"arrowfile none", "arrowfile zstd", "Arrow Java none",
        "Arrow Java zstd"}, OURS, new String[] {"Arrow Java none"}));
    return md.toString();
  }
}
