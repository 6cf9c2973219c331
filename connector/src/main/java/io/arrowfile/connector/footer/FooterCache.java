package io.arrowfile.connector.footer;

import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.FileVersion;
import io.arrowfile.connector.files.ReadMode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.execution.datasources.FileStatusWithMetadata;

/**
 * The driver's {@link FooterSummary}s, by file version: a file is known by its path, length and modification time
 * (as listed), so a rewritten file is read again, and planning the same table again (each query, each
 * {@code EXPLAIN}, the optimizer's repeated calls to {@code estimateStatistics}) reads no footer twice. Bounded by
 * the summaries' estimated size ({@link #MAX_WEIGHT}), least recently used out first.
 */
public final class FooterCache {
  /** The most bytes of summaries kept, roughly. */
  static final long MAX_WEIGHT = 64L << 20;
  /**
   * Footers are read by this many threads at once: a footer is two or three small reads, latency-bound on HDFS or an
   * object store, where one thread per core would leave the driver waiting.
   */
  static final int THREADS = 16;

  private record Key(String path, long length, long modificationTime) {}

  private static final Map<Key, Optional<FooterSummary>> CACHE = new LinkedHashMap<>(256, 0.75f, true);
  private static long weight;
  private static ForkJoinPool pool;

  private FooterCache() {}

  /**
   * The summaries of {@code files}, in order: null for a file that has none (a stream, a hidden file, a file that
   * cannot be read as Arrow: the scan will fail or skip it as the options say, not the estimate).
   */
  public static List<FooterSummary> summaries(Configuration conf, List<FileStatusWithMetadata> files, ReadMode mode) {
    List<FooterSummary> out = new ArrayList<>(files.size());
    List<Integer> missing = new ArrayList<>();
    synchronized (FooterCache.class) {
      for (int i = 0; i < files.size(); i++) {
        Optional<FooterSummary> s = CACHE.get(key(files.get(i)));
        out.add(s == null ? null : s.orElse(null));
        if (s == null) {
          missing.add(i);
        }
      }
    }
    if (missing.isEmpty()) {
      return out;
    }
    List<Optional<FooterSummary>> read;
    try {
      read = missing.size() == 1 ? java.util.Collections.singletonList(read(conf, files.get(missing.get(0)), mode))
          : pool().submit(() -> missing.parallelStream().map(i -> read(conf, files.get(i), mode)).toList()).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading Arrow footers", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("reading Arrow footers: " + e.getCause(), e.getCause());
    }
    synchronized (FooterCache.class) {
      for (int j = 0; j < missing.size(); j++) {
        int i = missing.get(j);
        Optional<FooterSummary> s = read.get(j);
        if (s == null) {
          continue;
        }
        out.set(i, s.orElse(null));
        if (CACHE.put(key(files.get(i)), s) == null) {
          weight += s.map(FooterSummary::weight).orElse(64L);
        }
      }
      Iterator<Map.Entry<Key, Optional<FooterSummary>>> it = CACHE.entrySet().iterator();
      while (weight > MAX_WEIGHT && it.hasNext()) {
        weight -= it.next().getValue().map(FooterSummary::weight).orElse(64L);
        it.remove();
      }
    }
    return out;
  }

  private static Key key(FileStatusWithMetadata file) {
    return new Key(file.getPath().toString(), file.getLen(), file.getModificationTime());
  }

  private static Optional<FooterSummary> read(Configuration conf, FileStatusWithMetadata file, ReadMode mode) {
    Path path = file.getPath();
    if (ArrowFiles.isHidden(path) || file.getLen() == 0) {
      return Optional.empty();
    }
    try {
      return Optional.ofNullable(FooterSummary.read(conf, path, mode,
          new FileVersion(file.getLen(), file.getModificationTime())));
    } catch (Exception e) {
      return null; // not cached: a failure may be passing (the file's store), unlike a stream's missing footer
    }
  }

  private static synchronized ForkJoinPool pool() {
    if (pool == null) {
      pool = new ForkJoinPool(THREADS, p -> {
        var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
        t.setDaemon(true);
        // Hadoop finds file systems through the thread's class loader: the one that loaded arrowfile (with --jars,
        // Spark's loader of the user's jars), not the system loader pool threads would get.
        t.setContextClassLoader(FooterCache.class.getClassLoader());
        t.setName("arrowfile-footers-" + t.getPoolIndex());
        return t;
      }, null, false);
    }
    return pool;
  }

  /** Forgets every summary (tests). */
  static synchronized void clear() {
    CACHE.clear();
    weight = 0;
  }
}
