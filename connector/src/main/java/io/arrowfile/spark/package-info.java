/**
 * The only classes that implement Spark's Scala traits by their generated member names; one copy per Spark line
 * later.
 *
 * <p>A Scala trait's vals, vars and initializer reach a Java class that implements it as abstract methods with
 * mangled names ({@code org$apache$spark$...$_setter_$...$eq}, {@code ...$$t()}) and a static {@code $init$}. Those
 * names and their number are Spark's binary interface, not its API, and differ between Spark lines and Scala
 * versions. So the connector never writes them: its classes extend the abstract bases here, which hold the
 * generated members, run the trait initializers and forward what Java would otherwise take from {@code Object}
 * ({@code equals}, {@code hashCode}). Outside this package, no source names a mangled member.
 *
 * <ul>
 *   <li>{@link io.arrowfile.spark.FileDataSourceV2Base}: {@code FileDataSourceV2}'s table var;
 *   <li>{@link io.arrowfile.spark.FileScanBase}: {@code FileScan}'s vals, {@code Logging}'s logger, equality;
 *   <li>{@link io.arrowfile.spark.FileWriteBase}: {@code FileWrite}'s vals, with a hook for the write's options.
 * </ul>
 *
 * <p>Outside {@code io.arrowfile.connector} on purpose: this package depends on Spark only, never on the
 * connector, so it is the bottom layer, and is not one of the connector's sub-packages whose dependencies
 * LayeringTest tabulates.
 */
package io.arrowfile.spark;
