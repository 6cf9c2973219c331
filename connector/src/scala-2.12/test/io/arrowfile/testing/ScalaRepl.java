package io.arrowfile.testing;

import java.io.PrintWriter;
import scala.tools.nsc.Settings;
import scala.tools.nsc.interpreter.IMain;

/** Scala's interpreter, made as the Scala version under test wants it (2.12: printing to a writer). */
public final class ScalaRepl {
  private ScalaRepl() {}

  public static IMain create(Settings settings, PrintWriter output) {
    return new IMain(settings, output);
  }
}
