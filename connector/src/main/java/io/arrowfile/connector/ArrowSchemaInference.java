package io.arrowfile.connector;

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
  public static final String MERGE_SCHEMA = "mergeSchema";

  private ArrowSchemaInference() {}

  /** Whether the options ask for merging (case-insensitive key). */
  public static boolean mergeSchema(Map<String, String> options) {
    for (Map.Entry<String, String> e : options.entrySet()) {
      if (e.getKey().equalsIgnoreCase(MERGE_SCHEMA)) {
        return Boolean.parseBoolean(e.getValue().trim());
      }
    }
    return false;
  }

  /** The schema of {@code files}, or null when there are none with content. */
  public static StructType infer(Configuration conf, List<FileStatus> files, boolean merge) {
    List<FileStatus> data = files.stream()
        .filter(s -> !s.isDirectory() && s.getLen() > 0 && !ArrowFiles.isHidden(s.getPath())).toList();
    // Footers are small: read them in parallel, combine in listing order.
    boolean timeType = ArrowToSpark.hasTimeType();
    List<StructType> schemas = (data.size() > 4 ? data.parallelStream() : data.stream())
        .map(s -> readSchema(conf, s, timeType)).toList();
    StructType result = null;
    String resultFile = null;
    for (int i = 0; i < data.size(); i++) {
      StructType schema = schemas.get(i);
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

  private static StructType readSchema(Configuration conf, FileStatus status, boolean timeType) {
    try {
      return ArrowToSpark.schema(ArrowFiles.readSchema(conf, status.getPath()), timeType);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the Arrow schema of " + status.getPath() + ": "
          + e.getMessage(), e);
    } catch (RuntimeException e) {
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
          throw disagree(fileA, fileB, f.name(), "it is in " + fileA + " but not in " + fileB);
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
            + " has " + g.dataType().catalogString());
      }
      out.add(f.nullable() || !g.nullable() ? f : g);
    }
    for (StructField g : b.fields()) {
      if (!byName.containsKey(g.name().toLowerCase(Locale.ROOT))) {
        if (!merge) {
          throw disagree(fileA, fileB, g.name(), "it is in " + fileB + " but not in " + fileA);
        }
        out.add(g.copy(g.name(), g.dataType(), true, g.metadata()));
      }
    }
    return new StructType(out.toArray(new StructField[0]));
  }

  private static IllegalArgumentException disagree(String fileA, String fileB, String field, String detail) {
    return new IllegalArgumentException("Arrow files " + fileA + " and " + fileB
        + " have different schemas at column '" + field + "': " + detail
        + " (set option mergeSchema=true to read the union of their columns)");
  }
}
