package io.arrowfile.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.arrowfile.testing.SparkRows;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The connector on S3 through Hadoop's S3A file system, against S3Proxy (an S3-compatible server keeping objects
 * in memory) that the test starts on 127.0.0.1 in a JVM of its own: its libraries clash with Spark's, so it is not
 * on the test class path; the build copies its jar to the path in {@code arrowfile.s3proxy.jar}. Everything Spark
 * does on {@code s3a://} here it also does on a local directory, the oracle: writes (plain and
 * {@code partitionBy}) read back equal, {@code overwrite} replaces what was there, pruned and filtered reads give
 * the local results, and reading 1 of 9 equally wide columns fetches little more than that column: remote files are
 * read with positioned reads of only the wanted columns' byte ranges, which on S3 are ranged GET requests. Bytes
 * are counted on the wire, by a relay between S3A and the server ({@link CountingRelay}). The S3A settings are
 * the few an S3-compatible store needs ({@link #s3a}).
 */
class S3aTest {
  static final String BUCKET = "arrowfile";
  /** Holds the same file as {@link #BUCKET}, read with S3A's classic input stream and its default read policy. */
  static final String CLASSIC = "arrowfile-classic";
  /** The same again, classic input stream with the random read policy. */
  static final String CLASSIC_RANDOM = "arrowfile-classic-random";
  static final String ACCESS_KEY = "arrowfile-access";
  static final String SECRET_KEY = "arrowfile-secret";

  @TempDir
  static Path tmp;
  static Process s3proxy;
  static CountingRelay relay;
  static SparkSession spark;
  /** S3A on {@link #BUCKET}: the instance Spark's tasks use too (Hadoop caches one per bucket and user). */
  static FileSystem s3;

  @BeforeAll
  static void setUp() throws Exception {
    int port = startS3Proxy();
    createBuckets(port, BUCKET, CLASSIC, CLASSIC_RANDOM);
    relay = new CountingRelay(port);
    List<String> conf = new ArrayList<>(Arrays.asList(s3a("http://127.0.0.1:" + relay.port())));
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
      s3proxy.descendants().forEach(ProcessHandle::destroy);
      s3proxy.destroy();
      if (!s3proxy.waitFor(10, TimeUnit.SECONDS)) {
        s3proxy.destroyForcibly();
      }
    }
  }

  /**
   * The Spark settings for S3A on an S3-compatible store at {@code endpoint}. The endpoint's scheme ({@code http})
   * decides TLS; path-style requests ({@code /bucket/key}), because {@code bucket.127.0.0.1} names no host; the
   * region (unset, S3A falls back to us-east-2); keys from these settings only (no lookup of environment variables
   * or instance metadata); and one DELETE per object, because S3Proxy 2.6 answers S3A's bulk delete (DeleteObjects,
   * which the AWS SDK sends with an {@code x-amz-checksum-crc32} header) with 501 NotImplemented. Request checksums
   * need no setting: Hadoop 3.5 has the SDK add them only where S3 requires them ({@code fs.s3a.checksum.generation}
   * is false by default), while the SDK's own default, a checksum on every upload, makes S3Proxy reject PUTs.
   */
  static String[] s3a(String endpoint) {
    return new String[] {
        "spark.hadoop.fs.s3a.endpoint", endpoint,
        "spark.hadoop.fs.s3a.path.style.access", "true",
        "spark.hadoop.fs.s3a.endpoint.region", "us-east-1",
        "spark.hadoop.fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider",
        "spark.hadoop.fs.s3a.access.key", ACCESS_KEY,
        "spark.hadoop.fs.s3a.secret.key", SECRET_KEY,
        "spark.hadoop.fs.s3a.multiobjectdelete.enable", "false",
    };
  }

  /** Starts S3Proxy on a free port of 127.0.0.1, waits (60 s at most) until it accepts connections; the port. */
  static int startS3Proxy() throws IOException, InterruptedException {
    String jar = System.getProperty("arrowfile.s3proxy.jar");
    assertTrue(jar != null && Files.isRegularFile(Path.of(jar)),
        "S3Proxy's jar (system property arrowfile.s3proxy.jar, copied there by the build): " + jar);
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    Path properties = tmp.resolve("s3proxy.properties");
    Files.writeString(properties, String.join("\n",
        "s3proxy.endpoint=http://127.0.0.1:" + port,
        "s3proxy.authorization=aws-v2-or-v4",
        "s3proxy.identity=" + ACCESS_KEY,
        "s3proxy.credential=" + SECRET_KEY,
        "jclouds.provider=transient",
        "jclouds.identity=" + ACCESS_KEY,
        "jclouds.credential=" + SECRET_KEY,
        ""));
    Path log = tmp.resolve("s3proxy.log");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    s3proxy = new ProcessBuilder(java, "-Xmx512m", "-jar", jar, "--properties", properties.toString())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    Process started = s3proxy;
    Runtime.getRuntime().addShutdownHook(new Thread(started::destroyForcibly)); // should @AfterAll not run
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      if (!s3proxy.isAlive()) {
        fail("S3Proxy exited with " + s3proxy.exitValue() + ":\n" + Files.readString(log));
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
        return port;
      } catch (IOException notYet) {
        Thread.sleep(200);
      }
    }
    fail("S3Proxy did not accept connections on port " + port + " within 60 s:\n" + Files.readString(log));
    return -1;
  }

  /** S3A does not create buckets: the test does, through the S3 API. */
  static void createBuckets(int port, String... buckets) {
    try (S3Client client = S3Client.builder()
        .endpointOverride(URI.create("http://127.0.0.1:" + port))
        .region(Region.US_EAST_1)
        .forcePathStyle(true)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
        .build()) {
      for (String bucket : buckets) {
        client.createBucket(b -> b.bucket(bucket));
      }
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
      source.write().format("arrowfile").save(path);
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
      copy.getFileSystem(spark.sparkContext().hadoopConfiguration())
          .copyFromLocalFile(new org.apache.hadoop.fs.Path(localFile.toUri()), copy);
    }
    Row expected = read(localPath("nine")).selectExpr("sum(c4)", "min(c4)", "max(c4)").collectAsList().get(0);

    for (String bucket : List.of(BUCKET, CLASSIC_RANDOM, CLASSIC)) {
      long before = relay.bytesFromServer();
      Row got = read("s3a://" + bucket + "/nine").selectExpr("sum(c4)", "min(c4)", "max(c4)").collectAsList().get(0);
      long fetched = relay.bytesFromServer() - before;
      assertEquals(expected, got, bucket);
      System.out.printf("S3A (%s), 1 of 9 columns: %,d bytes received from the server for a %,d-byte file: %.1f%%%n",
          bucket.equals(BUCKET) ? "default input stream" : bucket.equals(CLASSIC) ? "classic stream"
              : "classic stream, random policy", fetched, fileSize, 100.0 * fetched / fileSize);
      assertTrue(fetched > fileSize / 9, bucket + ": the column itself came over the wire: " + fetched);
      assertTrue(fetched < fileSize * 0.30, bucket + ": " + fetched + " bytes received of a " + fileSize
          + "-byte file");
    }
  }

  /**
   * A TCP relay on 127.0.0.1 to the server's port that counts the bytes coming back: everything the server sent,
   * response headers and bytes a client stream skipped or discarded included, whichever input stream S3A uses.
   */
  static final class CountingRelay implements AutoCloseable {
    private final ServerSocket server;
    private final int target;
    private final AtomicLong fromServer = new AtomicLong();
    private final List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());

    CountingRelay(int target) throws IOException {
      this.target = target;
      this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      daemon(this::accept);
    }

    int port() {
      return server.getLocalPort();
    }

    long bytesFromServer() {
      return fromServer.get();
    }

    private void accept() {
      while (!server.isClosed()) {
        try {
          Socket client = server.accept();
          Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
          sockets.add(client);
          sockets.add(upstream);
          daemon(() -> pump(client, upstream, null));
          daemon(() -> pump(upstream, client, fromServer));
        } catch (IOException closed) {
          return;
        }
      }
    }

    private static void pump(Socket from, Socket to, AtomicLong count) {
      byte[] buffer = new byte[64 << 10];
      try (from; to) {
        var in = from.getInputStream();
        var out = to.getOutputStream();
        for (int n; (n = in.read(buffer)) >= 0; ) {
          out.write(buffer, 0, n);
          if (count != null) {
            count.addAndGet(n);
          }
        }
      } catch (IOException closed) {
        // one side closed or reset the connection: close both (the try) and stop
      }
    }

    private static void daemon(Runnable r) {
      Thread t = new Thread(r, "s3-relay");
      t.setDaemon(true);
      t.start();
    }

    @Override
    public void close() throws IOException {
      server.close();
      synchronized (sockets) {
        for (Socket s : sockets) {
          s.close();
        }
      }
    }
  }
}
