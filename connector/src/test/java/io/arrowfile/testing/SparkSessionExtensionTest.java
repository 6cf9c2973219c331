package io.arrowfile.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The life of the session a test class registers: what JUnit does around the class, called by hand. */
class SparkSessionExtensionTest {

  /** JUnit's context of a class (or of a nested class): the extension reads only its unique id. */
  private static ExtensionContext context(String uniqueId) {
    return (ExtensionContext) Proxy.newProxyInstance(ExtensionContext.class.getClassLoader(),
        new Class<?>[] {ExtensionContext.class}, (proxy, method, args) -> {
          if (method.getName().equals("getUniqueId")) {
            return uniqueId;
          }
          throw new UnsupportedOperationException(method.getName());
        });
  }

  @Test
  void theSessionStartsWithTheClassConfigurationAndStopsAfterTheClass() {
    AtomicReference<SparkSession> spark = new AtomicReference<>();
    SparkSessionExtension extension = SparkSessionExtension
        .local("session-extension-test", "spark.sql.shuffle.partitions", "3").into(spark::set);
    ExtensionContext testClass = context("[class:Outer]");

    extension.beforeAll(testClass);
    SparkSession session = spark.get();
    assertEquals("3", session.conf().get("spark.sql.shuffle.partitions"));
    assertSame(session, extension.session());

    // a @Nested class inherits the extension; its end must not stop the outer class's session
    ExtensionContext nested = context("[class:Outer]/[nested-class:Inner]");
    extension.beforeAll(nested);
    extension.afterAll(nested);
    assertFalse(session.sparkContext().isStopped());

    extension.afterAll(testClass);
    assertTrue(session.sparkContext().isStopped());
    assertNull(spark.get(), "the class's field no longer points at a stopped session");
  }

  @Test
  void withoutIntoTheSessionStartsOnlyWhenAskedFor() {
    SparkSessionExtension extension = SparkSessionExtension.of(() -> {
      throw new AssertionError("started although no test asked for Spark");
    });
    ExtensionContext testClass = context("[class:PeersOnly]");
    extension.beforeAll(testClass);
    extension.afterAll(testClass);
  }
}
