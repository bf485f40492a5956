package io.tailguard.proxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Thread-safe: a backend on a raw loopback socket that answers each request with the exact bytes a
 * script gives, so a test can make it misbehave (extra bytes, interim responses, malformed heads). A
 * reply of {@link #HOLD} waits until the test calls {@link #release} and then answers {@link #ok};
 * while holding, the backend does not read its socket, so it does not notice that the proxy left (as
 * a thread-per-request server does not). A reply ending in {@link #CLOSE} sends what comes before it
 * and closes the connection.
 */
final class ScriptedBackend implements AutoCloseable {

    static final String HOLD = "\0hold";
    static final String CLOSE = "\0close";

    private final ServerSocket server;
    private final Function<String, String> script;
    private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "scripted-backend");
        thread.setDaemon(true);
        return thread;
    });
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Semaphore released = new Semaphore(0);
    /** Every request head received, in order (request line and header lines, CRLF-separated). */
    final List<String> requests = new CopyOnWriteArrayList<>();
    final AtomicInteger connections = new AtomicInteger();
    /** Requests being held now, and the most held at once. */
    final AtomicInteger holding = new AtomicInteger();
    final AtomicInteger mostHolding = new AtomicInteger();
    /** Requests received and not yet answered, and the most at once: the backend's own concurrency. */
    final AtomicInteger working = new AtomicInteger();
    final AtomicInteger mostWorking = new AtomicInteger();
    /** One permit per request that began to be held. */
    final Semaphore heldNow = new Semaphore(0);
    /** One permit per reply written whole to the socket. */
    final Semaphore replied = new Semaphore(0);

    /** A backend answering each request head with {@code script.apply(head)}. */
    ScriptedBackend(Function<String, String> script) throws IOException {
        this.script = script;
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.execute(this::accept);
    }

    InetSocketAddress address() {
        return new InetSocketAddress(server.getInetAddress(), server.getLocalPort());
    }

    /** A complete 200 response with {@code body}. */
    static String ok(String body) {
        return "HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
    }

    /** Lets one held request be answered. */
    void release() {
        released.release();
    }

    /** Returns how many requests whose request line contains {@code text} arrived. */
    long count(String text) {
        return requests.stream().filter(head -> head.lines().findFirst().orElse("").contains(text)).count();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                sockets.add(socket);
                connections.incrementAndGet();
                threads.execute(() -> serve(socket));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            while (true) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                readBody(in, head);
                requests.add(head);
                mostWorking.accumulateAndGet(working.incrementAndGet(), Math::max);
                String reply = script.apply(head);
                if (reply.endsWith(CLOSE)) {
                    working.decrementAndGet();
                    String last = reply.substring(0, reply.length() - CLOSE.length());
                    out.write(last.getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                    return;
                }
                if (HOLD.equals(reply)) {
                    mostHolding.accumulateAndGet(holding.incrementAndGet(), Math::max);
                    heldNow.release();
                    released.acquireUninterruptibly();
                    holding.decrementAndGet();
                    reply = ok("held");
                }
                // done before the reply leaves: the proxy may send the next request the moment it reads it
                working.decrementAndGet();
                out.write(reply.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                replied.release();
            }
        } catch (IOException gone) {
            // the proxy closed the connection
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            bytes.write(b);
            String text = bytes.toString(StandardCharsets.ISO_8859_1);
            if (text.endsWith("\r\n\r\n")) {
                return text.substring(0, text.length() - 4);
            }
        }
        return null;
    }

    private static void readBody(InputStream in, String head) throws IOException {
        String lower = head.toLowerCase(Locale.ROOT);
        int at = lower.indexOf("\r\ncontent-length:");
        if (at >= 0) {
            int end = lower.indexOf("\r\n", at + 2);
            String value = head.substring(at + 17, end < 0 ? head.length() : end).trim();
            in.readNBytes(Integer.parseInt(value));
        } else if (lower.contains("\r\ntransfer-encoding: chunked")) {
            while (true) {
                int size = Integer.parseInt(line(in).trim(), 16);
                in.readNBytes(size);
                line(in);
                if (size == 0) {
                    return;
                }
            }
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            bytes.write(b);
        }
        return bytes.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        server.close();
        released.release(1000);
        for (Socket socket : sockets) {
            socket.close();
        }
        threads.shutdownNow();
    }
}
