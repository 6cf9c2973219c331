package io.arrowfile.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.LineCases;
import io.arrowfile.testing.SparkRows;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connector on S3 through Hadoop's S3A file system, against an S3-compatible server keeping objects in memory
 * ({@link S3Proxy}) that the test starts on 127.0.0.1. Everything Spark
 * does on {@code s3a://} here it also does on a local directory, the oracle: writes (plain and
 * {@code partitionBy}) read back equal, {@code overwrite} replaces what was there, pruned and filtered reads give
 * the local results, and reading 1 of 9 equally wide columns fetches little more than that column: remote files are
 * read with positioned reads of only the wanted columns' byte ranges, which on S3 are ranged GET requests. Bytes
 * and requests are counted on the wire, by a relay between S3A and the server ({@link CountingRelay}). The S3A
 * settings are the few an S3-compatible store needs ({@link S3Proxy#s3aSettings}).
 */
class S3aTest {
  static final String BUCKET = "arrowfile";
  /** Holds the same file as {@link #BUCKET}, read with S3A's classic input stream and its default read policy. */
  static final String CLASSIC = "arrowfile-classic";
  /** The same again, classic input stream with the random read policy. */
  static final String CLASSIC_RANDOM = "arrowfile-classic-random";

  @TempDir
  static Path tmp;
  static S3Proxy s3proxy;
  static CountingRelay relay;
  static SparkSession spark;
  /** S3A on {@link #BUCKET}: the instance Spark's tasks use too (Hadoop caches one per bucket and user). */
  static FileSystem s3;

  @BeforeAll
  static void setUp() throws Exception {
    s3proxy = S3Proxy.start(tmp.resolve("s3proxy"));
    s3proxy.createBuckets(BUCKET, CLASSIC, CLASSIC_RANDOM);
    relay = new CountingRelay(s3proxy.port());
    List<String> conf = new ArrayList<>(Arrays.asList(S3Proxy.s3aSettings("http://127.0.0.1:" + relay.port())));
    // Per-bucket settings (fs.s3a.bucket.NAME.KEY) for the comparison of input streams in readingOneOfNineColumns...
    conf.addAll(List.of(
        "spark.hadoop.fs.s3a.bucket." + CLASSIC + ".input.stream.type", "classic",
        "spark.hadoop.fs.s3a.bucket." + CLASSIC_RANDOM + ".input.stream.type", "classic",
        "spark.hadoop.fs.s3a.bucket." + CLASSIC_RANDOM + ".experimental.input.fadvise", "random"));
    spark = SparkTesting.local("arrowfile-s3a-test", conf.toArray(new String[0]));
    assertEquals("http://127.0.0.1:" + relay.port(),
        spark.sparkContext().hadoopConfiguration().get("fs.s3a.endpoint"),
        "a new Spark session with these settings (not one another test class left running)");
    s3 = FileSystem.get(URI.create("s3a://" + BUCKET + "/"), spark.sparkContext().hadoopConfiguration());
  }

  @AfterAll
  static void tearDown() throws Exception {
    if (spark != null) {
      for (String bucket : List.of(BUCKET, CLASSIC, CLASSIC_RANDOM)) {
        FileSystem.get(URI.create("s3a://" + bucket + "/"), spark.sparkContext().hadoopConfiguration()).close();
      }
      spark.stop();
    }
    if (relay != null) {
      relay.close();
    }
    if (s3proxy != null) {
      s3proxy.close();
    }
  }

  static String s3Path(String name) {
    return "s3a://" + BUCKET + "/" + name;
  }

  static String localPath(String name) {
    return tmp.resolve("local").resolve(name).toUri().toString();
  }

  static Dataset<Row> read(String path) {
    return spark.read().format("arrowfile").load(path);
  }

  /** The data files (not {@code _SUCCESS}) under {@code dir}, recursively. */
  static List<FileStatus> dataFiles(String dir) throws IOException {
    List<FileStatus> out = new ArrayList<>();
    var it = s3.listFiles(new org.apache.hadoop.fs.Path(dir), true);
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
  void writeAndReadPlainAndPartitioned() throws IOException {
    Dataset<Row> source = SparkRows.mixed(spark, 5000, 2, 3);
    String[] columns = SparkRows.COLUMNS;
    List<String> expected = SparkRows.canonical(source, columns);

    source.write().format("arrowfile").save(s3Path("plain"));
    source.write().format("arrowfile").save(localPath("plain"));
    List<FileStatus> files = dataFiles(s3Path("plain"));
    assertEquals(2, files.size(), "one file per task");
    for (FileStatus f : files) {
      try (FSDataInputStream in = s3.open(f.getPath())) {
        byte[] magic = new byte[6];
        in.readFully(0, magic);
        assertEquals("ARROW1", new String(magic, StandardCharsets.US_ASCII), f.getPath() + " is an Arrow IPC file");
      }
    }
    assertTrue(s3.exists(new org.apache.hadoop.fs.Path(s3Path("plain/_SUCCESS"))), "the job committed");
    assertEquals(expected, SparkRows.canonical(read(localPath("plain")), columns));
    assertEquals(expected, SparkRows.canonical(read(s3Path("plain")), columns));

    source.write().format("arrowfile").option("compression", "zstd").partitionBy("part").save(s3Path("partitioned"));
    source.write().format("arrowfile").option("compression", "zstd").partitionBy("part").save(localPath("partitioned"));
    List<FileStatus> partFiles = dataFiles(s3Path("partitioned"));
    assertFalse(partFiles.isEmpty());
    assertTrue(partFiles.stream().allMatch(f -> f.getPath().getParent().getName().matches("part=[012]")),
        partFiles.toString());
    assertEquals(expected, SparkRows.canonical(read(localPath("partitioned")), columns));
    assertEquals(expected, SparkRows.canonical(read(s3Path("partitioned")), columns));
  }

  @Test
  void overwriteReplacesWhatWasThere() throws IOException {
    Dataset<Row> first = spark.range(0, 3000, 1, 3).selectExpr("id", "concat('first-', id) as v");
    Dataset<Row> second = spark.range(10_000, 10_500, 1, 2).selectExpr("id", "concat('second-', id) as v");
    for (String path : List.of(s3Path("overwritten"), localPath("overwritten"))) {
      first.write().format("arrowfile").save(path);
      second.write().format("arrowfile").mode("overwrite").save(path);
    }
    assertEquals(2, dataFiles(s3Path("overwritten")).size(), "only the second write's files are left");
    List<String> expected = SparkRows.canonical(second);
    assertEquals(expected, SparkRows.canonical(read(localPath("overwritten"))));
    assertEquals(expected, SparkRows.canonical(read(s3Path("overwritten"))));
  }

  @Test
  void prunedAndFilteredReadsEqualTheLocalOnes() {
    Dataset<Row> source = SparkRows.mixed(spark, 8000, 1, 4);
    for (String path : List.of(s3Path("queries"), localPath("queries"))) {
      source.write().format("arrowfile").option("rowsPerBatch", 1000).partitionBy("part").save(path);
    }
    Dataset<Row> onS3 = read(s3Path("queries"));
    Dataset<Row> local = read(localPath("queries"));
    // {filter, columns...}: one column; a struct, a map and a column only in the filter; a range for which batch
    // statistics skip batches; a partition filter with a data filter.
    String[][] queries = {
        {"true", "s"},
        {"d IS NULL", "st", "m", "id"},
        {"id >= 6000 AND id < 6100", "id", "s", "dec"},
        {"part = 2 AND s LIKE 's1%'", "id", "arr", "ts", "part"},
    };
    for (String[] q : queries) {
      String[] columns = Arrays.copyOfRange(q, 1, q.length);
      List<String> expected = SparkRows.canonical(local.where(q[0]), columns);
      assertFalse(expected.isEmpty(), q[0]);
      assertEquals(expected, SparkRows.canonical(onS3.where(q[0]), columns), String.join(" ", q));
    }
    assertEquals(SparkRows.canonical(local.groupBy("part").count()), SparkRows.canonical(onS3.groupBy("part").count()));
  }

  /**
   * On S3 the reader requests the metadata of every batch it will read in one vectored read, and each batch's body
   * while the one before is decoded. Reads that leave the plan early or skip batches still give the local answers,
   * and a batch whose metadata is corrupt fails as that batch, though its bytes were requested one batch earlier.
   */
  @Test
  void readingAheadKeepsAnswersAndErrorsInPlace() throws Exception {
    // The read-ahead is the connector's own, the same on every line: the default line runs it (LineCases).
    org.junit.jupiter.api.Assumptions.assumeTrue(LineCases.ALL, "the default line runs it (LineCases)");
    Dataset<Row> source = spark.range(0, 20_000, 1, 1).selectExpr("id", "concat('v', id) AS s", "id * 3 AS x");
    for (String path : List.of(s3Path("ahead"), localPath("ahead"))) {
      source.write().format("arrowfile").option("rowsPerBatch", 1000).save(path);
    }
    Dataset<Row> onS3 = read(s3Path("ahead"));
    Dataset<Row> local = read(localPath("ahead"));
    assertEquals(SparkRows.canonical(local), SparkRows.canonical(onS3), "every row of 20 batches");
    assertEquals(SparkRows.canonical(local.where("id >= 7500 AND id < 12200")),
        SparkRows.canonical(onS3.where("id >= 7500 AND id < 12200")), "batches skipped by statistics");
    assertEquals(5, onS3.select("s").limit(5).collectAsList().size(), "a read that stops after its first batch");
    assertEquals(local.selectExpr("sum(x)").collectAsList(), onS3.selectExpr("sum(x)").collectAsList(),
        "the session reads on after reads were abandoned ahead");

    Path file;
    try (var list = Files.list(tmp.resolve("local").resolve("ahead"))) {
      file = list.filter(p -> p.getFileName().toString().endsWith(".arrow")).findFirst().orElseThrow();
    }
    long metadataAt;
    try (io.arrowfile.ipc.ArrowFileReader r = io.arrowfile.ipc.ArrowFileReader.open(file,
        io.arrowfile.ipc.ReadOptions.DEFAULT)) {
      assertEquals(20, r.recordBatchCount());
      metadataAt = r.footer().recordBatches().get(7).offset();
    }
    byte[] bytes = Files.readAllBytes(file);
    // Batch 7's metadata length prefix (after the 0xFFFFFFFF continuation) now claims more than its block holds.
    java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt((int) metadataAt + 4, 1 << 20);
    Path corrupt = tmp.resolve("corrupt-ahead.arrow");
    Files.write(corrupt, bytes);
    upload(corrupt, new org.apache.hadoop.fs.Path(s3Path("ahead-corrupt/part-0.arrow")));
    Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
        () -> read(s3Path("ahead-corrupt")).selectExpr("sum(x)").collectAsList());
    String messages = SparkTesting.messages(e);
    assertTrue(messages.contains("ahead-corrupt/part-0.arrow") && messages.contains("record batch 7 ")
        && messages.contains("does not fit the block"), messages);
  }

  /**
   * {@code local}'s bytes to {@code to}, through S3A's output stream, as Spark's writes go. (Not
   * {@code copyFromLocalFile}: with Hadoop 3.4.2's S3A, S3Proxy refuses its file uploads' content hash.)
   */
  private static void upload(Path local, org.apache.hadoop.fs.Path to) throws IOException {
    try (var out = to.getFileSystem(spark.sparkContext().hadoopConfiguration()).create(to, true)) {
      out.write(Files.readAllBytes(local));
    }
  }

  /**
   * 9 bigint columns of 200,000 rows in one file (4 record batches): reading one of them fetches its buffers per
   * batch, the batches' metadata and the footer. The column is a ninth of the file; what comes over the wire is
   * less than 30%, with S3A's default input stream of Hadoop 3.5 (the analytics stream) and with the classic
   * stream, under its own default policy too: arrowfile opens files with the "vector, random" read policy. (Without
   * it, the classic stream read a new file sequentially until the first backward seek: the first read, the magic
   * at offset 0, opened a GET to the end of the file, and 24% to 82% of it came over before S3A aborted it.)
   */
  @Test
  void readingOneOfNineColumnsFetchesLittleMoreThanThatColumn() throws IOException {
    String[] exprs = new String[9];
    for (int c = 0; c < 9; c++) {
      exprs[c] = "id * " + (c + 1) + " + " + c + " as c" + c;
    }
    Dataset<Row> source = spark.range(0, 200_000, 1, 1).selectExpr(exprs);
    for (String path : List.of(s3Path("nine"), localPath("nine"))) {
      source.write().format("arrowfile").options(SparkTesting.PLAIN).save(path); // 14 MB, columns far apart
    }
    List<FileStatus> files = dataFiles(s3Path("nine"));
    assertEquals(1, files.size());
    long fileSize = files.get(0).getLen();
    Path localFile;
    try (var list = Files.list(tmp.resolve("local").resolve("nine"))) {
      localFile = list.filter(p -> p.getFileName().toString().endsWith(".arrow")).findFirst().orElseThrow();
    }
    assertEquals(Files.size(localFile), fileSize, "the same file on S3 as locally");
    for (String bucket : List.of(CLASSIC, CLASSIC_RANDOM)) {
      var copy = new org.apache.hadoop.fs.Path("s3a://" + bucket + "/nine/" + localFile.getFileName());
      upload(localFile, copy);
    }
    Row expected = read(localPath("nine")).selectExpr("sum(c4)", "min(c4)", "max(c4)").collectAsList().get(0);

    for (String bucket : List.of(BUCKET, CLASSIC_RANDOM, CLASSIC)) {
      long before = relay.bytesFromServer();
      long getsBefore = relay.requests("GET");
      Row got = read("s3a://" + bucket + "/nine").selectExpr("sum(c4)", "min(c4)", "max(c4)").collectAsList().get(0);
      long fetched = relay.bytesFromServer() - before;
      long gets = relay.requests("GET") - getsBefore;
      assertEquals(expected, got, bucket);
      System.out.printf("S3A (%s), 1 of 9 columns: %,d bytes received from the server for a %,d-byte file: %.1f%%, "
          + "in %d GET requests%n", bucket.equals(BUCKET) ? "default input stream" : bucket.equals(CLASSIC)
              ? "classic stream" : "classic stream, random policy", fetched, fileSize, 100.0 * fetched / fileSize, gets);
      assertTrue(gets > 0, bucket + ": the reads went through the relay as GET requests");
      assertTrue(fetched > fileSize / 9, bucket + ": the column itself came over the wire: " + fetched);
      assertTrue(fetched < fileSize * 0.30, bucket + ": " + fetched + " bytes received of a " + fileSize
          + "-byte file");
    }
  }
}
