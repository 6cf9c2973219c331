package io.arrowfile.s3;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay on 127.0.0.1 to a server's port that counts what goes through it: the bytes coming back (everything
 * the server sent, response headers and bytes a client stream skipped or discarded included, whichever input stream
 * S3A uses) and the HTTP requests going out, by method. It can hold each request back for a while
 * ({@link #latency}), as a network between a client and a far store would: requests on parallel connections wait in
 * parallel, those on one connection one after another.
 */
public final class CountingRelay implements AutoCloseable {
  private final ServerSocket server;
  private final int target;
  private final AtomicLong fromServer = new AtomicLong();
  private final Map<String, AtomicLong> requests = new ConcurrentHashMap<>();
  private final List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());
  private volatile long latencyMillis;
  /** The last requests, with when they were sent, for looking at a read's pattern: {@link #recentRequests}. */
  private final java.util.Deque<String> recent = new java.util.concurrent.ConcurrentLinkedDeque<>();
  private final long started = System.nanoTime();

  public CountingRelay(int target) throws IOException {
    this.target = target;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    daemon(this::accept);
  }

  public int port() {
    return server.getLocalPort();
  }

  public long bytesFromServer() {
    return fromServer.get();
  }

  /**
   * The last (up to 1000) requests, oldest first: the milliseconds since the relay started at which its headers
   * ended, its request line and its range header, if any.
   */
  public List<String> recentRequests() {
    return new ArrayList<>(recent);
  }

  /** From now on, holds each request back {@code millis} before passing it on (0: none). */
  public void latency(long millis) {
    latencyMillis = millis;
  }

  /** The requests with this HTTP method ({@code GET} of an object, {@code HEAD}, ...; {@code LIST}) sent so far. */
  public long requests(String method) {
    AtomicLong n = requests.get(method);
    return n == null ? 0 : n.get();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
        sockets.add(client);
        sockets.add(upstream);
        RequestLines lines = new RequestLines();
        daemon(() -> pump(client, upstream, (b, n) -> {
          if (lines.scan(b, n) > 0 && latencyMillis > 0) {
            sleep(latencyMillis);
          }
        }));
        daemon(() -> pump(upstream, client, (b, n) -> fromServer.addAndGet(n)));
      } catch (IOException closed) {
        return;
      }
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  interface Tap {
    void bytes(byte[] b, int n);
  }

  private static void pump(Socket from, Socket to, Tap tap) {
    byte[] buffer = new byte[64 << 10];
    try (from; to) {
      var in = from.getInputStream();
      var out = to.getOutputStream();
      for (int n; (n = in.read(buffer)) >= 0; ) {
        tap.bytes(buffer, n);
        out.write(buffer, 0, n);
      }
    } catch (IOException closed) {
      // one side closed or reset the connection: close both (the try) and stop
    }
  }

  /**
   * Finds the request lines in one connection's bytes to the server: a request starts the connection or follows the
   * blank line that ends the previous request's headers. That holds for the body-less requests counted while
   * reading (GET, HEAD); the body of an upload is taken for a request line. A GET of a bucket rather than an object
   * (path-style {@code /bucket?list-type=2...}) counts as {@code LIST}.
   */
  private final class RequestLines {
    private final StringBuilder line = new StringBuilder();
    /** The current request's line and range header, while its headers are read; null between requests. */
    private String request;
    private String range = "";

    /** Scans the next {@code n} bytes; the number of requests that start in them. */
    int scan(byte[] b, int n) {
      int started = 0;
      for (int i = 0; i < n; i++) {
        int c = b[i] & 0xFF;
        if (request == null && line.length() == 0 && c != '\r' && c != '\n') {
          started++;
        }
        if (c == '\n') {
          lineEnds(line.toString());
          line.setLength(0);
        } else if (c != '\r' && line.length() < 4096) {
          line.append((char) c);
        }
      }
      return started;
    }

    private void lineEnds(String text) {
      if (request == null) {
        if (!text.isEmpty()) {
          request = text;
          count(text);
        }
      } else if (text.isEmpty()) {
        recent.addLast((System.nanoTime() - started) / 1_000_000 + " ms " + request + range);
        while (recent.size() > 1000) {
          recent.pollFirst();
        }
        request = null;
        range = "";
      } else if (text.regionMatches(true, 0, "range:", 0, 6)) {
        range = " " + text;
      }
    }

    private void count(String requestLine) {
      String[] parts = requestLine.split(" ");
      String method = parts[0];
      if (method.equals("GET") && parts.length > 1) {
        String path = parts[1].replaceFirst("^https?://[^/]*", "");
        int query = path.indexOf('?');
        String key = (query < 0 ? path : path.substring(0, query)).replaceFirst("^/[^/]*/?", "");
        if (key.isEmpty()) {
          method = "LIST";
        }
      }
      requests.computeIfAbsent(method, k -> new AtomicLong()).incrementAndGet();
    }
  }

  private static void daemon(Runnable r) {
    Thread t = new Thread(r, "s3-relay");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public void close() throws IOException {
    server.close();
    synchronized (sockets) {
      for (Socket s : sockets) {
        s.close();
      }
    }
  }
}
