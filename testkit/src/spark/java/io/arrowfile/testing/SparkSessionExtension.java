package io.arrowfile.testing;

import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One Spark session per test class, stopped after the class. Register it on a static field:
 *
 * <pre>{@code
 * static SparkSession spark;
 *
 * @RegisterExtension
 * static final SparkSessionExtension SESSION = SparkSessionExtension.local("my-test").into(s -> spark = s);
 * }</pre>
 *
 * <p>With {@link #into} the session starts before the class's {@code @BeforeAll} methods, which can then write
 * their data with it. Without it the session starts at the first {@link #session()}: for classes that need Spark
 * only when a peer or a Spark feature is there. Stopping after every class matters because sessions come from
 * {@code getOrCreate}: a running one would carry this class's configuration into the next class of the JVM.
 */
public final class SparkSessionExtension implements BeforeAllCallback, AfterAllCallback {
  private final Supplier<SparkSession> start;
  private Consumer<SparkSession> field;
  private SparkSession session;
  private String owner;

  private SparkSessionExtension(Supplier<SparkSession> start) {
    this.start = start;
  }

  /** A {@link SparkTesting#local} session: {@code local[2]}, then {@code conf} as key, value pairs. */
  public static SparkSessionExtension local(String appName, String... conf) {
    return new SparkSessionExtension(() -> SparkTesting.local(appName, conf));
  }

  /**
   * The session {@code start} makes, called when the class starts: it may read the class's static
   * {@code @TempDir} fields, which JUnit sets before this extension runs.
   */
  public static SparkSessionExtension of(Supplier<SparkSession> start) {
    return new SparkSessionExtension(start);
  }

  /** Starts the session before the class's {@code @BeforeAll} methods and hands it to {@code field}. */
  public SparkSessionExtension into(Consumer<SparkSession> field) {
    this.field = field;
    return this;
  }

  /** This class's session, started now if it has not been yet. */
  public SparkSession session() {
    if (session == null) {
      session = start.get();
    }
    return session;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    if (owner == null) {
      owner = context.getUniqueId();
    }
    if (field != null) {
      field.accept(session());
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    // a @Nested class inherits the extension: its end is not the end of the class that registered it
    if (!context.getUniqueId().equals(owner)) {
      return;
    }
    owner = null;
    if (session != null) {
      session.stop();
      session = null;
    }
    if (field != null) {
      field.accept(null);
    }
  }
}
