package io.arrowfile.docs;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.SparkSession;
import scala.tools.nsc.Settings;
import scala.tools.nsc.interpreter.IMain;
import scala.tools.nsc.interpreter.Results;
import io.arrowfile.testing.ScalaRepl;

/**
 * What {@code spark-shell} does with a pasted block, in this JVM: Scala's own interpreter (the compiler of the
 * Scala version Spark is built with), {@code spark} bound to a session, and the two imports spark-shell makes
 * ({@code spark.implicits._}, {@code spark.sql}). The guide's Scala blocks are written for it.
 *
 * <p>Paths: the blocks use paths such as {@code /data/events}. {@link #underRoot} moves every absolute path in a
 * string literal (or in backticks inside one, as in {@code arrowfile.`/data/events`}) under a test's temporary
 * directory, and resolves the relative paths of {@code load}, {@code save} and {@code start} in it, so a block
 * runs as written against fixture files the test lays out there.
 */
public final class SparkShell implements AutoCloseable {
  private static final Pattern ABSOLUTE = Pattern.compile("([\"`'])/(?=[A-Za-z0-9_*])");
  private static final Pattern RELATIVE = Pattern.compile("\\.(load|save|start)\\(\"(?![/a-z]+:|/)([^\"]+)\"");

  private final StringWriter output = new StringWriter();
  private final IMain repl;

  public SparkShell(SparkSession spark) {
    Settings settings = new Settings();
    // the test JVM's class path (Spark, arrowfile) is the shell's, as --jars makes it in spark-shell
    settings.processArgumentString("-usejavacp -nowarn");
    repl = ScalaRepl.create(settings, new PrintWriter(output, true));
    bind("spark", SparkSession.class.getName(), spark);
    interpret("import spark.implicits._\nimport spark.sql\n");
  }

  /** Binds {@code name} in the shell, as {@code val name: type = value}. */
  public void bind(String name, String type, Object value) {
    Results.Result r = repl.bind(name, type, value, scala.collection.immutable.List$.MODULE$.empty());
    if (!(r instanceof Results.Success$)) {
      throw new AssertionError("could not bind " + name + ": " + output);
    }
  }

  /**
   * Runs {@code code} as spark-shell's {@code :paste} would, failing with the interpreter's output (compile
   * errors, the exception and its trace) if it does not run through. Returns what it printed.
   */
  public String interpret(String code) {
    int from = output.getBuffer().length();
    java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
    Results.Result r = scala.Console.withOut(printed, new scala.runtime.AbstractFunction0<Results.Result>() {
      @Override
      public Results.Result apply() {
        return repl.interpret(code);
      }
    });
    String said = output.getBuffer().substring(from) + printed;
    if (!(r instanceof Results.Success$)) {
      throw new AssertionError("the block did not run (" + r + "):\n" + code + "\n--- the interpreter said:\n" + said);
    }
    return said;
  }

  /** {@code code} with its paths moved under {@code root} (see the class comment). */
  public static String underRoot(String code, Path root) {
    String absolute = ABSOLUTE.matcher(code).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + root + "/"));
    return RELATIVE.matcher(absolute).replaceAll(m -> Matcher.quoteReplacement(
        "." + m.group(1) + "(\"" + root.resolve(m.group(2)) + "\""));
  }

  @Override
  public void close() {
    repl.close();
  }
}
