package io.arrowfile.hdfs;

import static io.arrowfile.testing.SparkTesting.messages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.files.HadoopByteSource;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.testing.SparkRows;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.spark.SparkException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connector on HDFS (an in-process MiniDFSCluster, one datanode): remote files are not mapped but read with
 * positioned reads through {@code HadoopByteSource} (footer from a cached tail, then per batch the metadata and
 * only the wanted columns' byte ranges). Spark writes and reads {@code hdfs://} paths (plain and partitioned),
 * reads files our IPC writer made (uncompressed and zstd), pruned reads, and {@code ignoreCorruptFiles}.
 */
class HdfsTest {
  @TempDir
  static Path tmp;
  static MiniDFSCluster cluster;
  static FileSystem fs;
  static String root;
  static SparkSession spark;

  static final String[] COLUMNS = SparkRows.COLUMNS;

  @BeforeAll
  static void setUp() throws IOException {
    Configuration conf = new Configuration();
    // the builder below sets the base directory itself (Hadoop 3.3.4's refuses a conf that already has one)
    conf.setInt("dfs.replication", 1);
    conf.set("dfs.namenode.http-address", "127.0.0.1:0");
    conf.set("dfs.datanode.http.address", "127.0.0.1:0");
    conf.set("dfs.datanode.address", "127.0.0.1:0");
    conf.set("dfs.datanode.ipc.address", "127.0.0.1:0");
    cluster = new MiniDFSCluster.Builder(conf, tmp.resolve("dfs").toFile()).numDataNodes(1).build();
    cluster.waitActive();
    fs = cluster.getFileSystem();
    root = cluster.getURI().toString() + "/arrowfile-test";
    spark = SparkSession.builder()
        .master("local[2]")
        .appName("arrowfile-hdfs-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.catalogImplementation", "in-memory")
        .config("spark.sql.warehouse.dir", tmp.resolve("warehouse").toUri().toString())
        .config("spark.hadoop.dfs.replication", "1")
        .getOrCreate();
  }

  @AfterAll
  static void tearDown() throws IOException {
    if (spark != null) {
      spark.stop();
    }
    if (fs != null) {
      fs.close();
    }
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  static Dataset<Row> source(long n, int slices) {
    return SparkRows.mixed(spark, n, slices, 3);
  }

  static List<String> canonical(Dataset<Row> df, String... columns) {
    return SparkRows.canonical(df, columns);
  }

  static List<FileStatus> dataFiles(String dir) throws IOException {
    List<FileStatus> out = new ArrayList<>();
    var it = fs.listFiles(new org.apache.hadoop.fs.Path(dir), true);
    while (it.hasNext()) {
      FileStatus f = it.next();
      String name = f.getPath().getName();
      if (!name.startsWith("_") && !name.startsWith(".")) {
        out.add(f);
      }
    }
    return out;
  }

  @Test
  void writeAndReadPlainAndPartitionedOnHdfs() throws IOException {
    Dataset<Row> source = source(5000, 3);
    List<String> expected = canonical(source, COLUMNS);

    String plain = root + "/plain";
    source.write().format("arrowfile").save(plain);
    assertFalse(dataFiles(plain).isEmpty(), "files written to HDFS");
    for (FileStatus f : dataFiles(plain)) {
      assertEquals("hdfs", f.getPath().toUri().getScheme());
      try (FSDataInputStream in = fs.open(f.getPath())) {
        byte[] magic = new byte[6];
        in.readFully(0, magic);
        assertEquals("ARROW1", new String(magic, java.nio.charset.StandardCharsets.US_ASCII), f.getPath()
            + " is an Arrow IPC file");
      }
    }
    assertEquals(expected, canonical(spark.read().format("arrowfile").load(plain), COLUMNS));

    String partitioned = root + "/partitioned";
    source.write().format("arrowfile").option("compression", "zstd").partitionBy("part").save(partitioned);
    assertTrue(dataFiles(partitioned).stream().allMatch(f -> f.getPath().getParent().getName().startsWith("part=")));
    Dataset<Row> read = spark.read().format("arrowfile").load(partitioned);
    assertEquals(expected, canonical(read, COLUMNS));
    // V1 (SQL on a table) over the same HDFS files, with a filter on a data and the partition column.
    spark.sql("CREATE TABLE hdfs_t USING arrowfile LOCATION '" + partitioned + "'");
    spark.sql("MSCK REPAIR TABLE hdfs_t"); // register the existing partitions, as for any external table
    try {
      String where = "part = 2 AND id >= 1000 AND s IS NOT NULL";
      assertEquals(canonical(source.where(where), COLUMNS),
          canonical(spark.sql("SELECT * FROM hdfs_t WHERE " + where), COLUMNS));
      assertEquals(canonical(source.where(where), COLUMNS), canonical(read.where(where), COLUMNS));
    } finally {
      spark.sql("DROP TABLE hdfs_t");
    }
  }

  static final Schema OWN = Schema.of(
      Field.nullable("id", ArrowType.Int.INT64),
      Field.nullable("name", new ArrowType.Utf8()),
      Field.nullable("score", new ArrowType.FloatingPoint(Precision.DOUBLE)),
      Field.nullable("tags", new ArrowType.List(), Field.nullable("item", ArrowType.Int.INT32)),
      Field.nullable("flag", new ArrowType.Bool()));

  /** Rows of our own files: {@code batches} record batches of {@code rows} rows each, ids from {@code from}. */
  static Path writeOwn(Path path, long from, int batches, int rows, WriteOptions options) throws IOException {
    try (ArrowFileWriter w = ArrowFileWriter.create(path, OWN, options)) {
      long id = from;
      for (int b = 0; b < batches; b++) {
        RecordBatchBuilder builder = RecordBatchBuilder.create(OWN);
        for (int r = 0; r < rows; r++, id++) {
          builder.appendRow(id, id % 9 == 0 ? null : "name-" + id, id % 4 == 0 ? null : id / 8.0,
              id % 6 == 0 ? null : Arrays.asList((int) id, null, (int) (id * 2)), id % 3 == 0);
        }
        RecordBatch batch = builder.build();
        w.write(batch);
      }
    }
    return path;
  }

  /** What {@link #writeOwn} wrote, as Spark JSON of all columns. */
  static List<String> ownExpected(long from, long count, boolean pruned) {
    List<String> out = new ArrayList<>();
    for (long id = from; id < from + count; id++) {
      StringBuilder sb = new StringBuilder("{\"id\":").append(id);
      if (id % 9 != 0) {
        sb.append(",\"name\":\"name-").append(id).append('"');
      }
      if (!pruned) {
        if (id % 4 != 0) {
          sb.append(",\"score\":").append(id / 8.0);
        }
        if (id % 6 != 0) {
          sb.append(",\"tags\":[").append((int) id).append(",null,").append((int) (id * 2)).append(']');
        }
        sb.append(",\"flag\":").append(id % 3 == 0);
      }
      out.add(sb.append('}').toString());
    }
    out.sort(null);
    return out;
  }

  @Test
  void readsFilesOurWriterMadeThroughHadoopRangeReads() throws IOException {
    Path local = tmp.resolve("own");
    Files.createDirectories(local);
    writeOwn(local.resolve("a.arrow"), 0, 5, 1000, WriteOptions.DEFAULT);
    writeOwn(local.resolve("b.arrow"), 5000, 3, 700, WriteOptions.DEFAULT.withCompression(CompressionCodec.ZSTD));
    writeOwn(local.resolve("c.arrow"), 10000, 2, 333, WriteOptions.DEFAULT.withCompression(CompressionCodec.LZ4_FRAME));
    String dir = root + "/own";
    fs.mkdirs(new org.apache.hadoop.fs.Path(dir));
    for (String name : List.of("a.arrow", "b.arrow", "c.arrow")) {
      fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(local.resolve(name).toUri()),
          new org.apache.hadoop.fs.Path(dir + "/" + name));
    }
    List<String> expected = new ArrayList<>();
    expected.addAll(ownExpected(0, 5000, false));
    expected.addAll(ownExpected(5000, 2100, false));
    expected.addAll(ownExpected(10000, 666, false));
    expected.sort(null);

    Dataset<Row> df = spark.read().format("arrowfile").load(dir);
    assertEquals("struct<id:bigint,name:string,score:double,tags:array<int>,flag:boolean>",
        df.schema().catalogString());
    List<String> all = new ArrayList<>(df.toJSON().collectAsList());
    all.sort(null);
    assertEquals(expected, all);

    // Column-pruned: only id and name are read from HDFS (ranges per column).
    List<String> prunedExpected = new ArrayList<>();
    prunedExpected.addAll(ownExpected(0, 5000, true));
    prunedExpected.addAll(ownExpected(5000, 2100, true));
    prunedExpected.addAll(ownExpected(10000, 666, true));
    prunedExpected.sort(null);
    for (Dataset<Row> pruned : List.of(df.select("id", "name"),
        spark.sql("SELECT id, name FROM arrowfile.`" + dir + "`"))) {
      List<String> got = new ArrayList<>(pruned.toJSON().collectAsList());
      got.sort(null);
      assertEquals(prunedExpected, got);
    }
    // A pruned column in the middle and the last, with a filter (and a column in the filter only).
    assertEquals(
        expected.stream().filter(j -> j.contains("\"flag\":true") && j.contains("\"score\"")).count(),
        df.where("flag AND score IS NOT NULL").select("tags", "flag").count());
    List<Row> agg = df.where("id >= 5000").selectExpr("count(tags)", "count(score)", "sum(tags[2])")
        .collectAsList();
    long tagRows = 0;
    long scores = 0;
    long tagSum = 0;
    for (long id = 5000; id < 10666; id++) {
      if (id >= 7100 && id < 10000) {
        continue;
      }
      tagRows += id % 6 == 0 ? 0 : 1;
      tagSum += id % 6 == 0 ? 0 : (int) (id * 2);
      scores += id % 4 == 0 ? 0 : 1;
    }
    assertEquals(tagRows, agg.get(0).getLong(0));
    assertEquals(tagSum, agg.get(0).getLong(2));
    assertEquals(scores, agg.get(0).getLong(1));
  }

  @Test
  void ignoreCorruptFilesOnHdfs() throws IOException {
    String dir = root + "/corrupt";
    Dataset<Row> source = spark.range(0, 3000, 1, 3).selectExpr("id", "concat('v', id) as v");
    source.write().format("arrowfile").save(dir);
    List<FileStatus> good = dataFiles(dir);
    assertEquals(3, good.size());
    // A copy of a good file, truncated in its footer.
    FileStatus first = good.get(0);
    byte[] bytes;
    try (FSDataInputStream in = fs.open(first.getPath())) {
      bytes = new byte[(int) first.getLen()];
      in.readFully(0, bytes);
    }
    String bad = dir + "/part-99999-corrupt.arrow";
    try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(bad))) {
      out.write(bytes, 0, bytes.length - 20);
    }
    StructType schema = source.schema();
    List<String> expected = canonical(source, "id", "v");

    Dataset<Row> ignoring = spark.read().format("arrowfile").schema(schema).option("ignoreCorruptFiles", "true")
        .load(dir);
    assertEquals(expected, canonical(ignoring, "id", "v"));

    SparkException e = org.junit.jupiter.api.Assertions.assertThrows(SparkException.class,
        () -> spark.read().format("arrowfile").schema(schema).load(dir).collectAsList());
    String messages = messages(e);
    assertTrue(messages.contains("part-99999-corrupt.arrow"), messages);
  }
}
