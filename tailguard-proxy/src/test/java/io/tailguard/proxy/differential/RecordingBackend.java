package io.tailguard.proxy.differential;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Thread-safe: an HTTP/1.1 server on plain sockets, on 127.0.0.1, that records every request it reads
 * byte for byte and answers each as its script says, well or badly. One thread per connection.
 * Requests are framed as a strict server would (Content-Length, or chunked); a request that arrives
 * on a connection after the backend answered {@code Connection: close} is recorded as a breach of
 * the proxy's, since a proxy must not reuse such a connection.
 *
 * <p>The count of requests being answered at once follows the order in which the proxy acts, not
 * the order in which this server's threads happen to run: a request stops counting just before the
 * last byte or the close that lets the proxy see its end, and a request whose answer hangs stops
 * counting once the proxy's close has reached its socket, checked whenever a new request starts
 * (so a proxy that closes a timed-out exchange and then sends the next request is never counted
 * with both, however late the hanging request's thread wakes).
 */
final class RecordingBackend implements AutoCloseable {

    private static final int MAX_HEAD_BYTES = 1 << 20;

    private final ServerSocketChannel server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "recording-backend");
        thread.setDaemon(true);
        return thread;
    });
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final List<String> breaches = new CopyOnWriteArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger working = new AtomicInteger();
    private final AtomicInteger mostWorking = new AtomicInteger();
    private final Set<Work> hanging = ConcurrentHashMap.newKeySet();
    private volatile Function<Received, Reply> script = Replies.okToAll();

    /** Listens on 127.0.0.1:{@code port} (0: any free port). */
    RecordingBackend(int port) throws IOException {
        server = ServerSocketChannel.open();
        server.socket().setReuseAddress(true);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 256);
        threads.execute(this::accept);
    }

    InetSocketAddress address() {
        return (InetSocketAddress) server.socket().getLocalSocketAddress();
    }

    /** Sets how the next requests are answered. */
    void script(Function<Received, Reply> next) {
        script = next;
    }

    /** Forgets what was received (the next vector starts clean); open connections stay open. */
    void reset() {
        received.clear();
        breaches.clear();
        mostWorking.set(working.get());
    }

    /** Closes every open backend connection (so no pooled connection carries over to the next vector). */
    void dropConnections() {
        for (Socket socket : open) {
            closeQuietly(socket);
        }
    }

    List<Received> received() {
        return List.copyOf(received);
    }

    /** Misbehaviour of the proxy seen from here (a request on a connection it was told to close). */
    List<String> breaches() {
        return List.copyOf(breaches);
    }

    /** The most requests that were being answered at once since the last {@link #reset}. */
    int mostWorking() {
        return mostWorking.get();
    }

    private void accept() {
        while (server.isOpen()) {
            try {
                SocketChannel channel = server.accept();
                int number = connections.incrementAndGet();
                open.add(channel.socket());
                threads.execute(() -> serve(channel, number));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(SocketChannel channel, int number) {
        Socket socket = channel.socket();
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            boolean toldToClose = false;
            while (true) {
                ByteArrayOutputStream raw = new ByteArrayOutputStream();
                List<String> lines = readHead(in, raw);
                if (lines == null) {
                    return;
                }
                if (toldToClose) {
                    breaches.add("a request came on backend connection " + number
                            + " after it was answered with Connection: close: " + lines.get(0));
                }
                Received request = parse(number, lines, raw);
                Work work = start(channel);
                try {
                    Reply reply = script.apply(request);
                    if (!reply.beforeBody()) {
                        readBody(in, raw, request);
                    }
                    received.add(withBytes(request, raw));
                    if (!run(reply, work, in, out)) {
                        return;
                    }
                    if (reply.beforeBody()) {
                        readBody(in, new ByteArrayOutputStream(), request);
                    }
                    toldToClose |= saysClose(reply);
                } finally {
                    work.end();
                }
            }
        } catch (IOException | RuntimeException gone) {
            // The proxy closed or reset the connection, or sent what this server cannot frame.
        } finally {
            open.remove(socket);
        }
    }

    /** Counts a request that starts now, once the hanging requests whose connection the proxy closed stopped counting. */
    private Work start(SocketChannel channel) {
        for (Work hung : hanging) {
            hung.endIfClosed();
        }
        Work work = new Work(channel);
        mostWorking.accumulateAndGet(working.incrementAndGet(), Math::max);
        return work;
    }

    /** Runs the steps, the request's count ending just before its last act; returns false if the connection is over. */
    private boolean run(Reply reply, Work work, InputStream in, OutputStream out) throws IOException {
        Socket socket = work.channel.socket();
        List<Reply.Step> steps = reply.steps();
        for (int i = 0; i < steps.size(); i++) {
            Reply.Step step = steps.get(i);
            boolean last = i == steps.size() - 1;
            if (step instanceof Reply.Write write) {
                writeEach(out, write.bytes(), write.bytes().length, last ? work : null);
            } else if (step instanceof Reply.Trickle trickle) {
                writeEach(out, trickle.bytes(), 1, last ? work : null);
            } else if (step instanceof Reply.ShutdownOutput) {
                work.end();
                socket.shutdownOutput();
                in.transferTo(OutputStream.nullOutputStream());
                return false;
            } else if (step instanceof Reply.Close) {
                work.end();
                socket.close();
                return false;
            } else if (step instanceof Reply.Reset) {
                work.end();
                socket.setSoLinger(true, 0);
                socket.close();
                return false;
            } else if (step instanceof Reply.Hang) {
                work.hang();
                return false;
            }
        }
        return true;
    }

    /**
     * Writes {@code bytes} {@code per} at a time, each flushed; with {@code ending}, that request stops
     * counting before the last byte goes, as the proxy cannot see the answer end before it.
     */
    private static void writeEach(OutputStream out, byte[] bytes, int per, Work ending) throws IOException {
        int allButLast = ending == null ? bytes.length : Math.max(0, bytes.length - 1);
        for (int from = 0; from < allButLast; from += per) {
            out.write(bytes, from, Math.min(per, allButLast - from));
            out.flush();
        }
        if (ending != null) {
            ending.end();
            out.write(bytes, allButLast, bytes.length - allButLast);
            out.flush();
        }
    }

    /** One request being answered on one connection: counted in {@link #working} until {@link #end}. */
    private final class Work {

        private final SocketChannel channel;
        private final ByteBuffer sink = ByteBuffer.allocate(4096);
        private boolean ended;

        Work(SocketChannel channel) {
            this.channel = channel;
        }

        synchronized void end() {
            if (!ended) {
                ended = true;
                hanging.remove(this);
                working.decrementAndGet();
            }
        }

        /**
         * Never answers: reads and drops what comes until the proxy closes the connection. The
         * channel turns non-blocking so that {@link #endIfClosed} can see the close from another
         * thread.
         */
        void hang() throws IOException {
            channel.configureBlocking(false);
            hanging.add(this);
            try (Selector selector = Selector.open()) {
                channel.register(selector, SelectionKey.OP_READ);
                while (!endIfClosed()) {
                    selector.select();
                    selector.selectedKeys().clear();
                }
            }
        }

        /** Reads and drops what is there without waiting; ends the request and returns true if the proxy closed. */
        synchronized boolean endIfClosed() {
            if (ended) {
                return true;
            }
            try {
                int n;
                do {
                    sink.clear();
                    n = channel.read(sink);
                } while (n > 0);
                if (n == 0) {
                    return false;
                }
            } catch (IOException reset) {
                // a reset is a close too
            }
            end();
            return true;
        }
    }

    private static boolean saysClose(Reply reply) {
        for (Reply.Step step : reply.steps()) {
            if (step instanceof Reply.Write write && new String(write.bytes(), StandardCharsets.ISO_8859_1)
                    .toLowerCase(Locale.ROOT).contains("\r\nconnection: close\r\n")) {
                return true;
            }
        }
        return false;
    }

    /** Reads a head up to its blank line, recording its bytes; null at end of stream before any byte. */
    private static List<String> readHead(InputStream in, ByteArrayOutputStream raw) throws IOException {
        List<String> lines = new ArrayList<>();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            raw.write(b);
            if (raw.size() > MAX_HEAD_BYTES) {
                throw new IOException("head over " + MAX_HEAD_BYTES + " bytes");
            }
            if (b != '\n') {
                line.write(b);
                continue;
            }
            String text = line.toString(StandardCharsets.ISO_8859_1);
            line.reset();
            if (text.endsWith("\r")) {
                text = text.substring(0, text.length() - 1);
            }
            if (text.isEmpty()) {
                if (lines.isEmpty()) {
                    continue;
                }
                return lines;
            }
            lines.add(text);
        }
        if (raw.size() > 0) {
            throw new IOException("end of stream inside a head");
        }
        return null;
    }

    private static Received parse(int connection, List<String> lines, ByteArrayOutputStream raw) {
        String[] requestLine = lines.get(0).split(" ", 3);
        String method = requestLine[0];
        String target = requestLine.length > 1 ? requestLine[1] : "";
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                        .add(line.substring(colon + 1).trim());
            }
        }
        return new Received(connection, raw.toByteArray(), method, target, Received.tagOf(target), headers);
    }

    private static Received withBytes(Received request, ByteArrayOutputStream raw) {
        return new Received(request.connection(), raw.toByteArray(), request.method(), request.target(),
                request.tag(), request.headers());
    }

    private static void readBody(InputStream in, ByteArrayOutputStream raw, Received request) throws IOException {
        List<String> codings = request.header("transfer-encoding");
        if (!codings.isEmpty() && codings.get(codings.size() - 1).toLowerCase(Locale.ROOT).endsWith("chunked")) {
            readChunked(in, raw);
            return;
        }
        List<String> lengths = request.header("content-length");
        if (lengths.size() != 1 || !lengths.get(0).matches("[0-9]{1,12}")) {
            return;
        }
        byte[] body = in.readNBytes(Integer.parseInt(lengths.get(0)));
        raw.write(body);
    }

    private static void readChunked(InputStream in, ByteArrayOutputStream raw) throws IOException {
        while (true) {
            String size = line(in, raw);
            int semicolon = size.indexOf(';');
            int length = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
            if (length == 0) {
                while (!line(in, raw).isEmpty()) {
                    // trailer fields: recorded, not used
                }
                return;
            }
            raw.write(in.readNBytes(length));
            line(in, raw);
        }
    }

    /** A line of a chunked body, read as {@link ResponseReader#line} reads one; the end of stream is an error. */
    private static String line(InputStream in, ByteArrayOutputStream raw) throws IOException {
        String line = ResponseReader.line(in, raw);
        if (line == null) {
            throw new IOException("end of stream inside a chunked body");
        }
        return line;
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // already closed
        }
        dropConnections();
        threads.shutdownNow();
    }
}
