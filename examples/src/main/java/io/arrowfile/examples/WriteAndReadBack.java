package io.arrowfile.examples;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.IntArray;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.ipc.tool.JsonValueWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes an Arrow IPC file with a few typical columns (numbers, strings, a dictionary-encoded category,
 * timestamps, decimals, lists, structs), then reads it back, memory-mapped and without copying, and prints
 * its rows as JSON lines and the sum of one column read through its typed view.
 *
 * <p>Run it with {@code mvn -q compile exec:exec -Dexec.mainClass=io.arrowfile.examples.WriteAndReadBack}; add
 * {@code -Dexec.appArgs=/tmp/example.arrow} to choose where the file goes and keep it (without one it is a temporary
 * file, deleted at the end).
 */
public final class WriteAndReadBack {
  private WriteAndReadBack() {}

  public static void main(String[] args) throws Exception {
    boolean temporary = args.length == 0;
    Path file = temporary ? Files.createTempFile("arrowfile-example", ".arrow") : Path.of(args[0]);
    try {
      writeAndRead(file);
    } finally {
      if (temporary) {
        Files.deleteIfExists(file);
      }
    }
  }

  private static void writeAndRead(Path file) throws Exception {

    Field item = Field.nullable("item", new ArrowType.Utf8());
    Schema schema = new Schema(List.of(
        Field.notNull("id", ArrowType.Int.INT64),
        Field.nullable("name", new ArrowType.Utf8()),
        Field.nullable("category", new ArrowType.Utf8())
            .withDictionary(new DictionaryEncoding(0, ArrowType.Int.INT32, false)),
        Field.nullable("score", new ArrowType.FloatingPoint(Precision.DOUBLE)),
        Field.nullable("price", new ArrowType.Decimal(18, 2, 128)),
        Field.nullable("seen", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        Field.nullable("tags", new ArrowType.List(), item),
        Field.nullable("point", new ArrowType.Struct(),
            Field.notNull("x", ArrowType.Int.INT32), Field.notNull("y", ArrowType.Int.INT32))),
        Map.of("created_by", "arrowfile example"));

    // Two record batches of five rows each, one of them compressed in the file.
    RecordBatchBuilder rows = RecordBatchBuilder.create(schema);
    try (ArrowFileWriter writer = ArrowFileWriter.create(file, schema,
        WriteOptions.DEFAULT.withCompression(CompressionCodec.ZSTD))) {
      String[] categories = {"fruit", "vegetable", "grain"};
      for (int batch = 0; batch < 2; batch++) {
        for (int i = 0; i < 5; i++) {
          long id = batch * 5L + i;
          rows.appendRow(
              id,
              id % 4 == 3 ? null : "item-" + id,
              categories[(int) (id % categories.length)],
              id * 1.5,
              new BigDecimal(id * 100 + 99).movePointLeft(2),
              1_700_000_000_000_000L + id * 3_600_000_000L,
              id % 3 == 0 ? null : List.of("t" + id, "u" + id),
              List.of((int) id, (int) (id * id)));
        }
        writer.write(rows.build());
      }
    }
    System.out.println("wrote " + file + " (" + Files.size(file) + " bytes)");

    // Read it back: the reader maps the file; column views read its buffers in place.
    try (ArrowFileReader reader = ArrowFileReader.open(file,
        ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL))) {
      System.out.println("schema: " + reader.schema());
      long idSum = 0;
      StringBuilder line = new StringBuilder();
      for (int k = 0; k < reader.recordBatchCount(); k++) {
        RecordBatch batch = reader.recordBatch(k);
        List<ArrowArray> columns = new ArrayList<>();
        batch.columns().forEach(c -> columns.add(ArrowArray.of(c)));
        IntArray ids = (IntArray) columns.get(0);
        for (int r = 0; r < batch.length(); r++) {
          idSum += ids.getLong(r);
          List<Object> values = new ArrayList<>();
          for (ArrowArray column : columns) {
            values.add(column.getObject(r));
          }
          line.setLength(0);
          JsonValueWriter.writeRow(line, schema.fields(), values);
          System.out.println(line);
        }
      }
      System.out.println("read " + reader.recordBatchCount() + " record batches; sum(id) = " + idSum);
    }
  }
}
