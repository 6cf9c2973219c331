package io.arrowfile.s3;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * S3Proxy, an S3-compatible server keeping objects in memory, on a free port of 127.0.0.1 in a JVM of its own: its
 * libraries clash with Spark's, so it is not on the test class path; the build copies its jar to the path in the
 * system property {@code arrowfile.s3proxy.jar}. Used by {@link S3aTest} and by the benchmark's S3A section.
 */
public final class S3Proxy implements AutoCloseable {
  public static final String ACCESS_KEY = "arrowfile-access";
  public static final String SECRET_KEY = "arrowfile-secret";

  private final Process process;
  private final int port;

  private S3Proxy(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  public int port() {
    return port;
  }

  /**
   * Starts S3Proxy with its settings and log in {@code workDir}, and waits (60 s at most) until it accepts
   * connections.
   *
   * @throws IllegalStateException when the jar is missing, or the server exits or does not listen in time (with its
   *     log)
   */
  public static S3Proxy start(Path workDir) throws IOException, InterruptedException {
    String jar = System.getProperty("arrowfile.s3proxy.jar");
    if (jar == null || !Files.isRegularFile(Path.of(jar))) {
      throw new IllegalStateException("S3Proxy's jar (system property arrowfile.s3proxy.jar, copied there by the "
          + "build) is missing: " + jar);
    }
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    Files.createDirectories(workDir);
    Path properties = workDir.resolve("s3proxy.properties");
    Files.writeString(properties, String.join("\n",
        "s3proxy.endpoint=http://127.0.0.1:" + port,
        "s3proxy.authorization=aws-v2-or-v4",
        "s3proxy.identity=" + ACCESS_KEY,
        "s3proxy.credential=" + SECRET_KEY,
        "jclouds.provider=transient",
        "jclouds.identity=" + ACCESS_KEY,
        "jclouds.credential=" + SECRET_KEY,
        ""));
    Path log = workDir.resolve("s3proxy.log");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process = new ProcessBuilder(java, "-Xmx512m", "-jar", jar, "--properties", properties.toString())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly)); // should close() not run
    S3Proxy proxy = new S3Proxy(process, port);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("S3Proxy exited with " + process.exitValue() + ":\n" + Files.readString(log));
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
        return proxy;
      } catch (IOException notYet) {
        Thread.sleep(200);
      }
    }
    proxy.close();
    throw new IllegalStateException("S3Proxy did not accept connections on port " + port + " within 60 s:\n"
        + Files.readString(log));
  }

  /** S3A does not create buckets: this does, through the S3 API. */
  public void createBuckets(String... buckets) {
    try (S3Client client = S3Client.builder()
        .endpointOverride(URI.create("http://127.0.0.1:" + port))
        .region(Region.US_EAST_1)
        .forcePathStyle(true)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
        .build()) {
      for (String bucket : buckets) {
        client.createBucket(b -> b.bucket(bucket));
      }
    }
  }

  /**
   * The Spark settings for S3A on an S3-compatible store at {@code endpoint}. The endpoint's scheme ({@code http})
   * decides TLS; path-style requests ({@code /bucket/key}), because {@code bucket.127.0.0.1} names no host; the
   * region (unset, S3A falls back to us-east-2); keys from these settings only (no lookup of environment variables
   * or instance metadata); and one DELETE per object, because S3Proxy 2.6 answers S3A's bulk delete (DeleteObjects,
   * which the AWS SDK sends with an {@code x-amz-checksum-crc32} header) with 501 NotImplemented. Request checksums
   * need no setting: Hadoop 3.5 has the SDK add them only where S3 requires them ({@code fs.s3a.checksum.generation}
   * is false by default), while the SDK's own default, a checksum on every upload, makes S3Proxy reject PUTs.
   */
  public static String[] s3aSettings(String endpoint) {
    return new String[] {
        "spark.hadoop.fs.s3a.endpoint", endpoint,
        "spark.hadoop.fs.s3a.path.style.access", "true",
        "spark.hadoop.fs.s3a.endpoint.region", "us-east-1",
        "spark.hadoop.fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider",
        "spark.hadoop.fs.s3a.access.key", ACCESS_KEY,
        "spark.hadoop.fs.s3a.secret.key", SECRET_KEY,
        "spark.hadoop.fs.s3a.multiobjectdelete.enable", "false",
    };
  }

  @Override
  public void close() throws InterruptedException {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
