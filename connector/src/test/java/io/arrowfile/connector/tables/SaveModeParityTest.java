package io.arrowfile.connector.tables;

import static io.arrowfile.connector.tables.Tables.ARROW;
import static io.arrowfile.connector.tables.Tables.PARQUET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.arrowfile.testing.SparkSessionExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code df.write.format("arrowfile").mode(m).save(path)} behaves like Parquet for every save mode: the same
 * sequence of calls is run against both formats, and after each call we record what a user sees (the rows read
 * back, or the error condition of the failure). The two transcripts must be identical.
 */
class SaveModeParityTest {
  @TempDir
  static Path warehouse;

  private static SparkSession spark;

  @TempDir
  Path tmp;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(() -> Tables.spark("local[2]", warehouse))
      .into(s -> spark = s);

  /** One user action against {@code path}. */
  private interface Action {
    void run(String format, String path);
  }

  /** Runs the actions in order; after each, "ok [rows]" or "error CONDITION" (plus _SUCCESS presence). */
  private List<String> transcript(String format, List<Action> actions) {
    String path = tmp.resolve(format).toString();
    List<String> out = new ArrayList<>();
    for (Action a : actions) {
      String outcome;
      try {
        a.run(format, path);
        outcome = "ok";
      } catch (Exception e) {
        outcome = "error " + Tables.errorClass(e);
      }
      boolean exists = Files.exists(Path.of(path));
      String rows = exists ? Tables.rows(spark.read().format(format).load(path)).toString() : "<no dir>";
      out.add(outcome + " " + rows + " _SUCCESS=" + Files.exists(Path.of(path, "_SUCCESS")));
    }
    return out;
  }

  private void assertSameAsParquet(List<Action> actions) {
    List<String> parquet = transcript(PARQUET, actions);
    List<String> arrow = transcript(ARROW, actions);
    assertEquals(parquet, arrow);
  }

  private static Action write(long n, SaveMode mode) {
    return (f, p) -> {
      var w = spark.range(n).selectExpr("id", "CAST(id AS STRING) AS s").write().format(f);
      (mode == null ? w : w.mode(mode)).save(p);
    };
  }

  @Test
  void defaultModeIsErrorIfExists() {
    List<Action> actions = List.of(write(3, null), write(5, null), write(5, SaveMode.ErrorIfExists));
    assertSameAsParquet(actions);
    // and concretely: the second write fails with PATH_ALREADY_EXISTS and leaves the first one intact
    Path p = tmp.resolve("concrete");
    spark.range(3).write().format(ARROW).save(p.toString());
    Exception e = assertThrows(Exception.class,
        () -> spark.range(5).write().format(ARROW).save(p.toString()));
    assertEquals("PATH_ALREADY_EXISTS", Tables.errorClass(e));
    assertEquals(3, spark.read().format(ARROW).load(p.toString()).count());
  }

  @Test
  void overwriteReplacesEverything() {
    assertSameAsParquet(List.of(write(3, null), write(2, SaveMode.Overwrite), write(4, SaveMode.Overwrite)));
  }

  @Test
  void overwriteOfAMissingPathCreatesIt() {
    assertSameAsParquet(List.of(write(4, SaveMode.Overwrite)));
  }

  @Test
  void appendAddsFiles() {
    assertSameAsParquet(List.of(write(3, SaveMode.Append), write(2, SaveMode.Append), write(1, null)));
  }

  @Test
  void ignoreKeepsExistingDataAndWritesWhenMissing() {
    assertSameAsParquet(List.of(write(2, SaveMode.Ignore), write(5, SaveMode.Ignore), write(1, SaveMode.Append),
        write(7, SaveMode.Ignore)));
  }

  @Test
  void stringModesAreAcceptedLikeParquet() {
    List<Action> actions = new ArrayList<>();
    for (String m : List.of("errorifexists", "ignore", "append", "overwrite", "error", "default")) {
      actions.add((f, p) -> spark.range(2).write().format(f).mode(m).save(p));
    }
    actions.add((f, p) -> spark.range(2).write().format(f).mode("bogus").save(p));
    assertSameAsParquet(actions);
  }

  @Test
  void emptyAppendOnMissingPathLeavesASchemaOnlyDataset() {
    assertSameAsParquet(List.of(write(0, SaveMode.Append), write(2, SaveMode.Append)));
    assertEquals(2, spark.read().format(ARROW).load(tmp.resolve(ARROW).toString()).count());
  }
}
