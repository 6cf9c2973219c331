package io.arrowfile.connector.read;

import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.options.ArrowOptions;
import io.arrowfile.connector.options.ArrowReadOptions;
import io.arrowfile.connector.types.ArrowToSpark;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Infers the Spark schema of a set of Arrow files from their footers (or a stream's schema message) only.
 * Files must agree (same column names and Spark types); with {@code mergeSchema=true} the columns are
 * united instead (a column missing from some files becomes nullable; its type must still agree).
 */
public final class ArrowSchemaInference {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ArrowSchemaInference.class);
  public static final String MERGE_SCHEMA = ArrowOptions.MERGE_SCHEMA;

  private ArrowSchemaInference() {}

  /** How inference treats files it can't read, from the read options or else the session's settings. */
  public record Tolerance(boolean ignoreCorruptFiles, boolean ignoreMissingFiles) {
    public static final Tolerance NONE = new Tolerance(false, false);

    public static Tolerance of(ArrowReadOptions options) {
      return new Tolerance(options.ignoreCorruptFiles(), options.ignoreMissingFiles());
    }
  }

  /** The schema of {@code files}, or null when there are none with content. */
  /**
   * The schema of {@code files} as the read options {@code read} ask: merged or not, unreadable files left out or
   * not, Duration columns as BIGINT of their unit ({@link ArrowToSpark#durationsAsLong}) or not; null when there are
   * no files with content.
   */
  public static StructType infer(Configuration conf, List<FileStatus> files, ArrowReadOptions read) {
    StructType schema = infer(conf, files, read.mergeSchema(), Tolerance.of(read));
    return schema != null && read.durationAsLong() ? ArrowToSpark.durationsAsLong(schema) : schema;
  }

  public static StructType infer(Configuration conf, List<FileStatus> files, boolean merge) {
    return infer(conf, files, merge, Tolerance.NONE);
  }

  /**
   * The schema of {@code files}, or null when there are none with content. Files whose schema can't be read
   * are left out, with a warning naming them, when {@code tolerance} says so, as Parquet's footers are.
   */
  public static StructType infer(Configuration conf, List<FileStatus> files, boolean merge, Tolerance tolerance) {
    List<FileStatus> data = files.stream()
        .filter(s -> !s.isDirectory() && s.getLen() > 0 && !ArrowFiles.isHidden(s.getPath())).toList();
    // Footers are small: read them in parallel, combine in listing order.
    // Session settings read here, on the calling thread: the parallel stream's threads do not see them.
    boolean timeType = ArrowToSpark.hasTimeType();
    boolean caseSensitive = ArrowToSpark.caseSensitive();
    List<StructType> schemas = (data.size() > 4 ? data.parallelStream() : data.stream())
        .map(s -> readSchema(conf, s, timeType, caseSensitive, tolerance)).toList();
    StructType result = null;
    String resultFile = null;
    for (int i = 0; i < data.size(); i++) {
      StructType schema = schemas.get(i);
      if (schema == SKIPPED) {
        continue;
      }
      String file = data.get(i).getPath().toString();
      if (result == null) {
        result = schema;
        resultFile = file;
      } else {
        result = combine(result, resultFile, schema, file, merge);
      }
    }
    return result;
  }

  /**
   * Why {@code files}, listed under {@code paths}, give no schema, and what to do: in place of Spark's
   * {@code UNABLE_TO_INFER_SCHEMA}, which names neither the path nor what was found there.
   */
  public static IllegalArgumentException noSchema(List<FileStatus> files, String paths) {
    List<FileStatus> data = files.stream().filter(s -> !s.isDirectory() && !ArrowFiles.isHidden(s.getPath())).toList();
    String schemaHint = "or give the schema with .schema(...) (SQL: the table's columns) to read it as an empty table";
    if (data.isEmpty()) {
      return new IllegalArgumentException("no Arrow file under " + paths + " (Spark does not read hidden files, "
          + "whose names start with _ or .): check the path, " + schemaHint);
    }
    List<FileStatus> empty = data.stream().filter(s -> s.getLen() == 0).toList();
    if (empty.size() == data.size()) {
      String which = empty.size() == 1 ? empty.get(0).getPath() + " is empty (0 bytes)"
          : empty.get(0).getPath() + " and " + (empty.size() - 1) + " other files under " + paths
              + " are empty (0 bytes)";
      return new IllegalArgumentException(which + ", so there is no Arrow schema to read: an Arrow file holds at "
          + "least its schema (a write that did not finish, or a failed copy?). Write it again, " + schemaHint);
    }
    return new IllegalArgumentException("no readable Arrow file under " + paths + ": every file with content was "
        + "skipped as corrupt or missing (ignoreCorruptFiles, ignoreMissingFiles; the log names each). Fix or remove "
        + "them, " + schemaHint);
  }

  /** Marks a file left out; not null, as toList() of a stream keeps nulls but a marker reads better. */
  private static final StructType SKIPPED = new StructType();

  private static StructType readSchema(Configuration conf, FileStatus status, boolean timeType,
      boolean caseSensitive, Tolerance tolerance) {
    try {
      return ArrowToSpark.schema(ArrowFiles.readSchema(conf, status.getPath()), timeType, caseSensitive);
    } catch (java.io.FileNotFoundException e) {
      if (tolerance.ignoreMissingFiles()) {
        LOG.warn("Skipped missing file {} while inferring the schema", status.getPath());
        return SKIPPED;
      }
      throw new UncheckedIOException("cannot read the Arrow schema of " + status.getPath() + ": "
          + e.getMessage(), e);
    } catch (IOException | RuntimeException e) {
      if (tolerance.ignoreCorruptFiles()) {
        // Not a warning: the scan meets the same file and Spark warns as it skips it ("Skipped the rest of the
        // content in the corrupted file", with our exception naming it); two warnings per file, with two spellings
        // of its path, read as two problems.
        LOG.info("Left the corrupted file {} out of the inferred schema (ignoreCorruptFiles=true): {}",
            status.getPath(), e.toString());
        return SKIPPED;
      }
      if (e instanceof IOException io) {
        throw new UncheckedIOException("cannot read the Arrow schema of " + status.getPath() + ": "
            + e.getMessage(), io);
      }
      if (e instanceof io.arrowfile.columnar.ArrowFormatException format) {
        // the message names the file already (its source)
        throw new IllegalArgumentException("cannot read the Arrow schema: "
            + ArrowFiles.corrupt(status.getPath().toString(), format).getMessage(), e);
      }
      throw new IllegalArgumentException("cannot read the Arrow schema of " + status.getPath() + ": "
          + e.getMessage(), e);
    }
  }

  private static StructType combine(StructType a, String fileA, StructType b, String fileB, boolean merge) {
    Map<String, StructField> byName = new LinkedHashMap<>();
    for (StructField f : a.fields()) {
      byName.put(f.name().toLowerCase(Locale.ROOT), f);
    }
    List<StructField> out = new ArrayList<>();
    java.util.Set<String> inB = new java.util.HashSet<>();
    for (StructField f : b.fields()) {
      inB.add(f.name().toLowerCase(Locale.ROOT));
    }
    for (StructField f : a.fields()) {
      if (!inB.contains(f.name().toLowerCase(Locale.ROOT))) {
        if (!merge) {
          throw disagree(fileA, fileB, f.name(), "it is in " + fileA + " but not in " + fileB, UNION);
        }
        out.add(f.copy(f.name(), f.dataType(), true, f.metadata()));
        continue;
      }
      StructField g = null;
      for (StructField c : b.fields()) {
        if (c.name().equalsIgnoreCase(f.name())) {
          g = c;
          break;
        }
      }
      if (!f.dataType().catalogString().equals(g.dataType().catalogString())) {
        throw disagree(fileA, fileB, f.name(), fileA + " has " + f.dataType().catalogString() + ", " + fileB
            + " has " + g.dataType().catalogString(), TYPES);
      }
      out.add(f.nullable() || !g.nullable() ? f : g);
    }
    for (StructField g : b.fields()) {
      if (!byName.containsKey(g.name().toLowerCase(Locale.ROOT))) {
        if (!merge) {
          throw disagree(fileA, fileB, g.name(), "it is in " + fileB + " but not in " + fileA, UNION);
        }
        out.add(g.copy(g.name(), g.dataType(), true, g.metadata()));
      }
    }
    return new StructType(out.toArray(new StructField[0]));
  }

  private static final String UNION = "set option mergeSchema=true to read the union of their columns";
  /** mergeSchema unites columns, never types: pointing to it for a type conflict would send the user in a circle. */
  private static final String TYPES = "mergeSchema does not reconcile types: read the files apart and cast the"
      + " column to one type";

  private static IllegalArgumentException disagree(String fileA, String fileB, String field, String detail,
      String remedy) {
    return new IllegalArgumentException("Arrow files " + fileA + " and " + fileB
        + " have different schemas at column '" + field + "': " + detail + " (" + remedy + ")");
  }
}
