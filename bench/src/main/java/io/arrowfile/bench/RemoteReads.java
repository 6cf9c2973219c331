package io.arrowfile.bench;

import static io.arrowfile.bench.Bench.fmt;
import static io.arrowfile.bench.Bench.runJvm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Remote reads over S3A, in a JVM of its own ({@link RemoteReadBenchmark}): bytes, requests and times. */
final class RemoteReads {
  final BenchRun run;
  /** {@link RemoteReadBenchmark}'s lines: source, query, latency, bytes, GETs, HEADs, LISTs, file bytes, ms. */
  final List<String[]> results = new ArrayList<>();

  RemoteReads(BenchRun run) {
    this.run = run;
  }

  /** Rows of the 9-column table read over S3A: rows / 5, at least 100,000 and at most 2 million. */
  long rows() {
    return Math.max(100_000, Math.min(2_000_000, run.rows / 5));
  }

  void measureInFreshJvm() throws Exception {
    int exit = runJvm(List.of("-Xmx2g"), RemoteReadBenchmark.class.getName(),
        List.of(run.dir.toString(), Long.toString(rows()), Integer.toString(Math.max(3, run.repeats))), line -> {
          String[] f = line.split("\t", -1);
          if (f[0].equals("S3") && f.length == 10) {
            results.add(Arrays.copyOfRange(f, 1, 10));
          } else {
            System.out.println(line);
          }
        });
    if (exit != 0 || results.isEmpty()) {
      run.checks.add("remote: its JVM exited with " + exit + " after " + results.size() + " results");
    }
  }

  /** The remote result row of {@code source} and {@code query} at {@code latency}, or null. */
  String[] row(String source, String query, long latency) {
    return results.stream().filter(r -> r[0].equals(source) && r[1].startsWith(query)
        && Long.parseLong(r[2]) == latency).findFirst().orElse(null);
  }

  /** Our bytes from the server for 1 of 9 columns over S3A's classic stream, as a share of the file; 1 if unknown. */
  double oneOfNineShare() {
    String[] r = row("arrowfile, S3A classic input stream", "sum of 1 of 9", 0);
    return r == null ? 1 : (double) Long.parseLong(r[3]) / Long.parseLong(r[7]);
  }

  /** The goals table's cell for remote reads: bytes, GETs and times of a 1-of-9-columns read; "" if not measured. */
  String goal() {
    long far = RemoteReadBenchmark.LATENCIES[1];
    StringBuilder sb = new StringBuilder();
    for (String stream : List.of("classic", "default")) {
      String[] ours = row("arrowfile, S3A " + stream + " input stream", "sum of 1 of 9", 0);
      String[] oursFar = row("arrowfile, S3A " + stream + " input stream", "sum of 1 of 9", far);
      String[] parquetFar = row("parquet, S3A " + stream + " input stream", "sum of 1 of 9", far);
      if (ours == null || oursFar == null || parquetFar == null) {
        return "";
      }
      sb.append(sb.length() == 0 ? "1 of 9 columns through `readVectored`, S3A's " : "; its ").append(stream)
          .append(" stream: ").append(String.format(Locale.ROOT, "%.0f%%",
              100.0 * Long.parseLong(ours[3]) / Long.parseLong(ours[7]))).append(" of the file's bytes in ")
          .append(ours[4]).append(" GETs, ").append(fmt(Double.parseDouble(oursFar[8]))).append(" ms with ")
          .append(far).append(" ms per request (Parquet ").append(fmt(Double.parseDouble(parquetFar[8])))
          .append(" ms)");
    }
    return sb.append("; see Remote reads").toString();
  }

  /** The report's "Remote reads (S3A)" section, below its heading. */
  String report() {
    StringBuilder sb = new StringBuilder("In a JVM of its own (`RemoteReadBenchmark`): ").append(rows())
        .append(" rows of 9 bigint columns (40-bit `xxhash64(id, k)` values) in one file per format, on S3Proxy (an S3-compatible "
            + "server keeping objects in memory) on 127.0.0.1, read through S3A; a relay between the two counts the "
            + "bytes the server sends and the requests (GET of an object, HEAD, LIST of a bucket). arrowfile hands "
            + "S3A the byte ranges of the wanted columns in each batch through `readVectored` (S3A's classic stream "
            + "merges near ranges into ranged GETs; its default stream, Hadoop 3.5's analytics accelerator, plans "
            + "its own), after requesting the metadata of all the batches it will read in one vectored read, and "
            + "requests the next batches' ranges (up to 32 MiB) while a batch is decoded; Parquet reads through its "
            + "own input stream. Each read is of a new copy of the file (S3A's default stream caches what it fetched). Times "
            + "are medians of ").append(Math.max(3, run.repeats)).append(" reads over loopback, then with the relay "
            + "holding each request back ").append(RemoteReadBenchmark.LATENCIES[1]).append(" ms, as a far store's "
            + "first-byte latency would; bytes and requests are of the first read without latency.\n\n");
    sb.append("| source | query | bytes from the server | of the file | GET | HEAD | LIST | ms | ms with ")
        .append(RemoteReadBenchmark.LATENCIES[1]).append(" ms per request |\n"
            + "|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (String[] r : results) {
      if (Long.parseLong(r[2]) != 0) {
        continue;
      }
      long bytes = Long.parseLong(r[3]);
      long file = Long.parseLong(r[7]);
      String far = results.stream().filter(o -> o[0].equals(r[0]) && o[1].equals(r[1]) && !o[2].equals("0"))
          .map(o -> fmt(Double.parseDouble(o[8]))).findFirst().orElse("–");
      sb.append("| ").append(r[0]).append(" | ").append(r[1]).append(" | ").append(String.format(Locale.ROOT, "%,d",
          bytes)).append(" | ").append(String.format(Locale.ROOT, "%.0f%%", 100.0 * bytes / file)).append(" | ")
          .append(r[4]).append(" | ").append(r[5]).append(" | ").append(r[6]).append(" | ")
          .append(fmt(Double.parseDouble(r[8]))).append(" | ").append(far).append(" |\n");
    }
    return sb.toString();
  }
}
