package io.arrowfile.testing;

import java.io.PrintWriter;
import scala.tools.nsc.Settings;
import scala.tools.nsc.interpreter.IMain;
import scala.tools.nsc.interpreter.shell.ReplReporterImpl;

/** Scala's interpreter, made as the Scala version under test wants it (2.13: with its shell's reporter). */
public final class ScalaRepl {
  private ScalaRepl() {}

  public static IMain create(Settings settings, PrintWriter output) {
    return new IMain(settings, new ReplReporterImpl(settings, output));
  }
}
