/**
 * What differs between Spark lines and Scala versions, behind a narrow Java API: the only classes that implement
 * Spark's Scala traits by their generated member names, name a Scala collection type in a signature, or call an API
 * that not every line has.
 *
 * <p>A Scala trait's vals, vars and initializer reach a Java class that implements it as abstract methods with
 * mangled names ({@code org$apache$spark$...$_setter_$...$eq}, {@code ...$$t()}) and a static {@code $init$}. Those
 * names and their number are Spark's binary interface, not its API, and differ between Spark lines and Scala
 * versions. So the connector never writes them: its classes extend the abstract bases here, which hold the
 * generated members, run the trait initializers and forward what Java would otherwise take from {@code Object}
 * ({@code equals}, {@code hashCode}). Outside this package, no source names a mangled member, Scala's {@code Seq}
 * in an overriding signature (hand Spark an {@code immutable.List}, a {@code Seq} of both Scala versions), or a
 * Scala collection converter.
 *
 * <p>Each class is in one of these source folders of the connector, which each line module compiles with the
 * shared sources ({@code arrowfile.sparkFamily}, {@code arrowfile.scalaFamily}); every copy has the same
 * Java-facing members, compiled against its own line, so no lookup happens at run time:
 *
 * <ul>
 *   <li>{@code src/main/java} (every line): {@link io.arrowfile.spark.FileDataSourceV2Base} ({@code FileDataSourceV2}'s
 *       table var), {@link io.arrowfile.spark.FileScanBase} ({@code FileScan}'s vals, {@code Logging}'s logger,
 *       equality);
 *   <li>{@code src/spark-4/java} and {@code src/spark-3.5/java}: {@code FileWriteBase} ({@code FileWrite}'s vals,
 *       with a hook for the write's options; 3.5's {@code options} is private and mangled), {@code Sessions} (the
 *       session state: {@code classic.SparkSession} on 4), {@code SparkTypes} (VARIANT, {@code Metadata.isEmpty}:
 *       none on 3.5), {@code Strings} ({@code UTF8String.binaryCompare}), {@code HadoopReads} (vectored reads:
 *       none in 3.5's Hadoop 3.3.4);
 *   <li>{@code src/scala-2.13/java} and {@code src/scala-2.12/java}: {@code ScalaCollections} (conversions),
 *       {@code FileFormatBase} and {@code FileTableBase} (the members whose parameters are a {@code Seq}, handed
 *       over as Java lists).
 * </ul>
 *
 * <p>Outside {@code io.arrowfile.connector} on purpose: this package depends on Spark only, never on the
 * connector, so it is the bottom layer, and is not one of the connector's sub-packages whose dependencies
 * LayeringTest tabulates.
 */
package io.arrowfile.spark;
