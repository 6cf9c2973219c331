package io.arrowfile.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a scan's time goes: JFR execution samples of Spark's executor threads ("Executor task launch worker",
 * which JFR may know by the name the thread started with, "Executor task idle worker") while the scan runs, each
 * charged to the reader (the first frame from the top that belongs to the data source, so the
 * {@code UTF8String} and {@code Decimal} objects its getters create count as the reader's) or to Spark
 * (generated row conversion, the sink, task plumbing). Spark's share is what no reader can remove while the
 * query consumes rows, which bounds how much faster any reader can make that query.
 *
 * <p>A write is charged the same way ({@link #recordWrite}): to our writer when the first of our connector's frames
 * from the top is its write code, to the scan that feeds the write when it is its read code or its column vectors,
 * else to Spark (the
 * rows handed over, the commit protocol, task plumbing).
 */
final class ScanProfile {
  /** Class name prefixes of each source's reading code, besides Spark's own. */
  private static final Map<String, List<String>> READER_CLASSES = Map.of(
      "arrowfile", List.of("io.arrowfile.connector.", "io.arrowfile.columnar.", "io.arrowfile.ipc."),
      "parquet", List.of("org.apache.parquet.", "org.apache.spark.sql.execution.datasources.parquet.",
          "org.apache.spark.sql.execution.vectorized.", "org.xerial.snappy.", "shaded.parquet."),
      "naive", List.of("io.arrowfile.bench.naive.", "org.apache.arrow.", "org.apache.spark.sql.vectorized.ArrowColumnVector"));

  /** Spark's value classes: a reader's getters create them (strings, decimals) however it is built. */
  private static final List<String> VALUE_CLASSES = List.of("org.apache.spark.unsafe.types.UTF8String",
      "org.apache.spark.sql.types.Decimal");

  final String source;
  final long taskSamples;
  final long readerSamples;
  /** Of {@link #readerSamples}, those spent in Spark's value classes, called by the reader's getters. */
  final long valueSamples;
  /** The reader's hottest methods (top frames), most samples first. */
  final Map<String, Long> hotReaderMethods;
  /** For a write: the samples of the scan that feeds it (then {@link #readerSamples} are the writer's); else 0. */
  final long feedSamples;
  /** Of {@link #taskSamples}, the native ones, weighted ({@link #nativeWeight}); 0 when they are not counted. */
  final long nativeSamples;
  /** Of {@link #readerSamples}, the native ones, weighted. */
  final long nativeReaderSamples;

  private ScanProfile(String source, long taskSamples, long readerSamples, long valueSamples,
      Map<String, Long> hotReaderMethods, long feedSamples, long nativeSamples, long nativeReaderSamples) {
    this.source = source;
    this.taskSamples = taskSamples;
    this.readerSamples = readerSamples;
    this.valueSamples = valueSamples;
    this.hotReaderMethods = hotReaderMethods;
    this.feedSamples = feedSamples;
    this.nativeSamples = nativeSamples;
    this.nativeReaderSamples = nativeReaderSamples;
  }

  double feedShare() {
    return taskSamples == 0 ? Double.NaN : (double) feedSamples / taskSamples;
  }

  double readerShare() {
    return taskSamples == 0 ? Double.NaN : (double) readerSamples / taskSamples;
  }

  /** The reader's share of the Java samples alone, as if native code took no time. */
  double javaReaderShare() {
    return (double) (readerSamples - nativeReaderSamples) / (taskSamples - nativeSamples);
  }

  double valueShare() {
    return taskSamples == 0 ? Double.NaN : (double) valueSamples / taskSamples;
  }

  interface Scans {
    void run() throws Exception;
  }

  /** Runs {@code scans} under a JFR recording (execution samples every 10 ms) kept in {@code jfr}. */
  static ScanProfile record(String source, Path jfr, Scans scans) throws Exception {
    sample(jfr, scans);
    return attribute(source, jfr);
  }

  /**
   * Runs a query under JFR, kept in {@code jfr}, and charges its executor samples as {@link #attribute} does, native
   * ones included: a thread in a native method (zstd-jni's or snappy's decompression, the file reads) is in no
   * {@code jdk.ExecutionSample}, only in a {@code jdk.NativeMethodSample}, charged by its Java stack like the others.
   */
  static ScanProfile recordQuery(String source, Path jfr, Scans query) throws Exception {
    sample(jfr, query);
    return attribute(source, jfr, true, 5);
  }

  /** Runs {@code writes} (arrowfile's, fed by an arrowfile scan, or Spark's noop sink) under JFR, kept in {@code jfr}. */
  static ScanProfile recordWrite(String target, Path jfr, Scans writes) throws Exception {
    sample(jfr, writes);
    Tally t = tally(jfr, List.of(List.of("io.arrowfile.connector.write."),
        List.of("io.arrowfile.connector.read.", "io.arrowfile.connector.files.", "io.arrowfile.connector.vector.")),
        false);
    return new ScanProfile(target, t.samples, t.parts[0], 0, top(t.hot, 6), t.parts[1], 0, 0);
  }

  /**
   * The executor samples of {@code jfr}: how many, how many each part claims (a part claims a sample when the first
   * frame from the top that any part's class prefixes match is its), and of part 0's, how many have a value class on
   * top and which methods are on top; with {@code natives}, native samples count too, each weighted by
   * {@link #nativeWeight}, and {@code natives} and {@code nativesInPart0} say how many of them there are.
   */
  private record Tally(long samples, long[] parts, long values, Map<String, Long> hot, long natives,
      long nativesInPart0) {}

  private static Tally tally(Path jfr, List<List<String>> parts, boolean natives) throws IOException {
    List<RecordedEvent> events = RecordingFile.readAllEvents(jfr);
    double nativeWeight = natives ? nativeWeight(events) : 0;
    double samples = 0;
    double[] claimed = new double[parts.size()];
    double values = 0;
    double nativeSamples = 0;
    double nativeClaimed = 0;
    Map<String, Double> hot = new LinkedHashMap<>();
    for (RecordedEvent e : events) {
      boolean isNative = e.getEventType().getName().equals(NATIVE_SAMPLE);
      if (!(isNative && natives || e.getEventType().getName().equals(EXECUTION_SAMPLE)) || !onExecutor(e)
          || e.getStackTrace() == null) {
        continue;
      }
      double w = isNative ? nativeWeight : 1;
      samples += w;
      nativeSamples += isNative ? w : 0;
      List<RecordedFrame> frames = e.getStackTrace().getFrames();
      int part = -1;
      for (int i = 0; i < frames.size() && part < 0; i++) {
        String type = frames.get(i).getMethod().getType().getName();
        for (int p = 0; p < parts.size() && part < 0; p++) {
          if (parts.get(p).stream().anyMatch(type::startsWith)) {
            part = p;
          }
        }
      }
      if (part < 0) {
        continue;
      }
      claimed[part] += w;
      nativeClaimed += isNative && part == 0 ? w : 0;
      if (part == 0) {
        String topType = frames.get(0).getMethod().getType().getName();
        if (VALUE_CLASSES.stream().anyMatch(topType::startsWith)) {
          values += w;
        }
        hot.merge(simpleName(topType) + "." + frames.get(0).getMethod().getName(), w, Double::sum);
      }
    }
    Map<String, Long> hotCounts = new LinkedHashMap<>();
    hot.forEach((m, n) -> hotCounts.put(m, Math.round(n)));
    return new Tally(Math.round(samples), java.util.Arrays.stream(claimed).mapToLong(Math::round).toArray(),
        Math.round(values), hotCounts, Math.round(nativeSamples), Math.round(nativeClaimed));
  }

  /**
   * How many sampling periods one native sample stands for. JFR takes at most one native sample per period across
   * all threads, in turn, so with k threads in native each gets one every k periods. Spark's Netty threads wait in
   * native (epoll) all the time, so k is about the native samples (one a period) over those of the most sampled
   * thread that is not an executor's.
   */
  private static double nativeWeight(List<RecordedEvent> events) {
    Map<Long, Long> byThread = new java.util.HashMap<>();
    long all = 0;
    for (RecordedEvent e : events) {
      if (e.getEventType().getName().equals(NATIVE_SAMPLE) && e.getThread("sampledThread") != null) {
        all++;
        if (!onExecutor(e)) {
          byThread.merge(e.getThread("sampledThread").getJavaThreadId(), 1L, Long::sum);
        }
      }
    }
    long busiest = byThread.values().stream().mapToLong(Long::longValue).max().orElse(0);
    return busiest == 0 ? 1 : (double) all / busiest;
  }

  private static void sample(Path jfr, Scans work) throws Exception {
    try (Recording recording = new Recording()) {
      recording.enable(EXECUTION_SAMPLE).withPeriod(Duration.ofMillis(10));
      recording.enable(NATIVE_SAMPLE).withPeriod(Duration.ofMillis(10));
      recording.start();
      work.run();
      recording.stop();
      recording.dump(jfr);
    }
  }

  private static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
  private static final String NATIVE_SAMPLE = "jdk.NativeMethodSample";

  /** Whether {@code e} is a sample of one of Spark's executor threads. */
  private static boolean onExecutor(RecordedEvent e) {
    return e.getThread("sampledThread") != null
        && String.valueOf(e.getThread("sampledThread").getJavaName()).startsWith("Executor task");
  }

  private static Map<String, Long> top(Map<String, Long> hot, int n) {
    return hot.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(n).collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
  }

  static ScanProfile attribute(String source, Path jfr) throws IOException {
    return attribute(source, jfr, false, 6);
  }

  private static ScanProfile attribute(String source, Path jfr, boolean natives, int hottest) throws IOException {
    List<String> prefixes = READER_CLASSES.entrySet().stream().filter(e -> source.toLowerCase().contains(e.getKey()))
        .findFirst().map(Map.Entry::getValue).orElseThrow(() -> new IllegalArgumentException(source));
    Tally t = tally(jfr, List.of(prefixes), natives);
    return new ScanProfile(source, t.samples, t.parts[0], t.values, top(t.hot, hottest), 0, t.natives,
        t.nativesInPart0);
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
