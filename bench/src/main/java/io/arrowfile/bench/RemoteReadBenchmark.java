package io.arrowfile.bench;

import io.arrowfile.s3.CountingRelay;
import io.arrowfile.s3.S3Proxy;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Reads over S3A, run by {@link ArrowBenchmark} in a JVM of its own (S3A's settings and threads stay out of the
 * other measurements): a table of 9 bigint columns in one file, on an S3-compatible server on 127.0.0.1
 * ({@link S3Proxy}), reached through a relay that counts what crosses the wire ({@link CountingRelay}). For arrowfile
 * and Parquet (snappy), and for S3A's default input stream and its classic one, it sums 1 of the 9 columns and then
 * all 9, with no latency and with {@link #LATENCIES 20 ms} added to every request by the relay, as a far store's
 * first-byte latency. Each read is of a new copy of the file, since S3A's default stream caches what it fetched.
 * It prints per query the bytes the server sent and the GET, HEAD and LIST requests of the first read, the file's
 * size and the median time, one tab-separated {@code S3} line each.
 *
 * <p>Arguments: the data directory, the number of rows, the number of timed repetitions.
 */
public final class RemoteReadBenchmark {
  static final String DEFAULT_STREAM = "bench";
  static final String CLASSIC_STREAM = "bench-classic";

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    long rows = Long.parseLong(args[1]);
    int repeats = Integer.parseInt(args[2]);
    try (S3Proxy proxy = S3Proxy.start(dir.resolve("s3proxy"));
        CountingRelay relay = new CountingRelay(proxy.port())) {
      proxy.createBuckets(DEFAULT_STREAM, CLASSIC_STREAM);
      List<String> conf = new ArrayList<>(List.of(S3Proxy.s3aSettings("http://127.0.0.1:" + relay.port())));
      conf.addAll(List.of("spark.hadoop.fs.s3a.bucket." + CLASSIC_STREAM + ".input.stream.type", "classic"));
      SparkSession spark = SparkTesting.local("arrowfile-bench-s3", conf.toArray(new String[0]));
      spark.sparkContext().setLogLevel("WARN");
      try {
        run(spark, relay, dir.resolve("s3-nine-r" + rows), rows, repeats);
      } finally {
        spark.stop();
      }
    }
  }

  /** The request latencies measured: none (loopback), and a far store's. */
  static final long[] LATENCIES = {0, 20};

  static void run(SparkSession spark, CountingRelay relay, Path local, long rows, int repeats) throws Exception {
    String[] exprs = new String[9];
    String[] all = new String[9];
    for (int c = 0; c < 9; c++) {
      exprs[c] = "shiftright(xxhash64(id, " + c + "), 24) AS c" + c; // 40 bits: sums do not overflow
      all[c] = "sum(c" + c + ")";
    }
    Dataset<Row> table = spark.range(0, rows, 1, 1).selectExpr(exprs);
    Configuration hadoop = spark.sparkContext().hadoopConfiguration();
    int copies = 0;
    for (String format : List.of("arrowfile", "parquet")) {
      Path out = local.resolve(format);
      table.write().mode("overwrite").format(format).save(out.toString());
      Path file;
      try (var files = Files.list(out)) {
        file = files.filter(p -> p.getFileName().toString().startsWith("part-")).findFirst().orElseThrow();
      }
      for (String bucket : List.of(DEFAULT_STREAM, CLASSIC_STREAM)) {
        String stream = bucket.equals(DEFAULT_STREAM) ? "S3A default input stream" : "S3A classic input stream";
        for (long latency : LATENCIES) {
          for (String query : List.of("sum of 1 of 9 columns", "sum of all 9 columns")) {
            String[] select = query.contains("all") ? all : new String[] {"sum(c4)"};
            List<Double> ms = new ArrayList<>();
            long[] counts = null;
            for (int k = 0; k < repeats; k++) {
              // A new object each time: S3A's default stream caches what it fetched, per object.
              String dirOnS3 = "s3a://" + bucket + "/" + format + "-" + copies++;
              org.apache.hadoop.fs.Path remote = new org.apache.hadoop.fs.Path(dirOnS3 + "/" + file.getFileName());
              FileSystem fs = remote.getFileSystem(hadoop);
              fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(file.toUri()), remote);
              long[] before = counts(relay);
              relay.latency(latency);
              long t0 = System.nanoTime();
              spark.read().format(format).load(dirOnS3).selectExpr(select).collectAsList();
              ms.add((System.nanoTime() - t0) / 1e6);
              relay.latency(0);
              fs.delete(new org.apache.hadoop.fs.Path(dirOnS3), true); // the server keeps objects in its heap
              if (k == 0) {
                long[] after = counts(relay);
                counts = new long[after.length];
                for (int i = 0; i < after.length; i++) {
                  counts[i] = after[i] - before[i];
                }
              }
            }
            Collections.sort(ms);
            System.out.println(String.join("\t", "S3", format + ", " + stream, query, Long.toString(latency),
                Long.toString(counts[0]), Long.toString(counts[1]), Long.toString(counts[2]),
                Long.toString(counts[3]), Long.toString(Files.size(file)), Double.toString(ms.get(ms.size() / 2))));
          }
        }
      }
    }
  }

  /** Bytes from the server, GET, HEAD and LIST requests so far. */
  static long[] counts(CountingRelay relay) {
    return new long[] {relay.bytesFromServer(), relay.requests("GET"), relay.requests("HEAD"),
        relay.requests("LIST")};
  }
}
