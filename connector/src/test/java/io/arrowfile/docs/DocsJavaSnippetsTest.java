package io.arrowfile.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.IntArray;
import io.arrowfile.columnar.builder.DictionaryBuilder;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.BatchReaders;
import io.arrowfile.ipc.ReadOptions;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/library.md's {@code ```java} blocks, compiled with the JDK's compiler and run: the first writes
 * {@code data.arrow}, the second reads it. The page shows statements without a class or imports; the test puts
 * them, in page order, into one method of a class that imports the library's public packages, and resolves
 * {@code Path.of("data.arrow")} in a temporary directory instead of the working directory.
 */
class DocsJavaSnippetsTest {
  private static final Path PAGE = DocBlocks.ROOT.resolve("docs/library.md");
  private static final String IMPORTS = """
      import io.arrowfile.columnar.*;
      import io.arrowfile.columnar.array.*;
      import io.arrowfile.columnar.builder.*;
      import io.arrowfile.columnar.type.*;
      import io.arrowfile.ipc.*;
      import io.arrowfile.ipc.metadata.*;
      import java.nio.file.Path;
      """;

  @TempDir Path dir;

  @Test
  void theLibraryPagesBlocksCompileAndRun() throws Exception {
    List<DocBlocks.Block> blocks = DocBlocks.fenced(PAGE, "java");
    assertEquals(2, blocks.size(), "write a file, read it");
    String body = blocks.stream()
        .map(b -> "    // " + b.where() + "\n" + b.text().replace("Path.of(\"", "dir.resolve(\""))
        .collect(Collectors.joining("\n"));
    String source = IMPORTS + "public class LibraryPage {\n  public static void run(Path dir) throws Exception {\n"
        + body + "  }\n}\n";

    Class<?> page = compile("LibraryPage", source);
    page.getMethod("run", Path.class).invoke(null, dir);

    Path file = dir.resolve("data.arrow");
    try (ArrowFileReader reader = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      assertEquals(1, reader.recordBatchCount());
      assertEquals(2, reader.recordBatch(0).length());
      assertEquals("one", ArrowArray.of(reader.recordBatch(0).column(1)).getObject(0));
    }
  }

  @Test
  void theCallsTheBulletsNameExist() throws Exception {
    // the page's bullets name these calls in its prose; a rename must change the page too
    assertMethod(ArrowFileReader.class, "recordBatch", int.class, int[].class);
    assertMethod(ArrayData.class, "validityBits", long.class);
    assertMethod(IntArray.class, "getLongs", long.class, long[].class, int.class, int.class);
    assertMethod(BatchReaders.class, "open", Path.class, ReadOptions.class);
    assertMethod(ArrowArray.class, "getObject", long.class);
    assertMethod(DictionaryBuilder.class, "retainDictionary", boolean.class);
    for (String name : List.of("io.arrowfile.ipc.ArrowStreamReader", "io.arrowfile.ipc.ArrowStreamWriter",
        "io.arrowfile.columnar.ValidationLevel", "io.arrowfile.columnar.ArrowFormatException")) {
      Class.forName(name);
    }
    String text = Files.readString(PAGE);
    assertTrue(text.contains("examples/src/main/java/io/arrowfile/examples/WriteAndReadBack.java")
        && Files.exists(DocBlocks.ROOT.resolve("examples/src/main/java/io/arrowfile/examples/WriteAndReadBack.java")));
  }

  private static void assertMethod(Class<?> owner, String name, Class<?>... parameters) {
    try {
      Method m = owner.getMethod(name, parameters);
      assertTrue(java.lang.reflect.Modifier.isPublic(m.getModifiers()), m.toString());
    } catch (NoSuchMethodException e) {
      throw new AssertionError("docs/library.md names " + owner.getSimpleName() + "." + name + ", which is gone", e);
    }
  }

  /** {@code source} compiled against this JVM's class path, loaded beside the test's classes. */
  private Class<?> compile(String name, String source) throws Exception {
    Path src = dir.resolve("src").resolve(name + ".java");
    Path out = dir.resolve("classes");
    Files.createDirectories(src.getParent());
    Files.createDirectories(out);
    Files.writeString(src, source);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter errors = new StringWriter();
    boolean ok = javac.getTask(errors, null, null,
        List.of("-classpath", System.getProperty("java.class.path"), "-d", out.toString(), "-proc:none"), null,
        javac.getStandardFileManager(null, null, null).getJavaFileObjects(src.toFile())).call();
    assertTrue(ok, "docs/library.md's Java blocks do not compile:\n" + errors + "\n" + source);
    URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL()}, getClass().getClassLoader());
    return loader.loadClass(name);
  }
}
