package io.tailguard.proxy.differential;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Not thread-safe: runs one client connection of a vector over a raw socket and records what it saw.
 * A connection in mode HOLD, HOLD_SILENT or HOLD_AT_BACKEND stays open after {@link #run} until {@link #close}.
 */
final class Client implements AutoCloseable {

    private final Socket socket;
    private final OutputStream out;
    private final ResponseReader reader;

    Client(InetSocketAddress proxy, int readTimeoutMillis) throws IOException {
        socket = new Socket();
        socket.connect(proxy, readTimeoutMillis);
        socket.setSoTimeout(readTimeoutMillis);
        socket.setTcpNoDelay(true);
        out = socket.getOutputStream();
        reader = new ResponseReader(new BufferedInputStream(socket.getInputStream()));
    }

    /** Sends and reads as the connection's mode says; {@code afterTag} names the GET sent afterwards. */
    ConnResult run(Conn conn, String afterTag) {
        List<Seen> answers = new ArrayList<>();
        try {
            switch (conn.mode()) {
                case SEQUENTIAL, HOLD -> {
                    for (Req request : conn.requests()) {
                        trySend(request.bytes());
                        Seen seen = reader.read(request.method());
                        answers.add(seen);
                        if (!seen.answered() || reader.ended()) {
                            break;
                        }
                    }
                }
                case PIPELINED, HALF_CLOSE, TRICKLE -> {
                    StringBuilder all = new StringBuilder();
                    conn.requests().forEach(request -> all.append(request.bytes()));
                    if (conn.mode() == Conn.Mode.TRICKLE) {
                        send(all.toString(), true);
                    } else {
                        trySend(all.toString());
                    }
                    if (conn.mode() == Conn.Mode.HALF_CLOSE && !socket.isClosed()) {
                        socket.shutdownOutput();
                    }
                    readAll(conn, answers);
                }
                case HOLD_SILENT, HOLD_AT_BACKEND, LEAVE, LEAVE_LOGGED -> {
                    StringBuilder all = new StringBuilder();
                    conn.requests().forEach(request -> all.append(request.bytes()));
                    send(all.toString(), false);
                    if (conn.leaves()) {
                        close();
                    }
                    return new ConnResult(conn, answers, null, afterTag, "");
                }
                default -> throw new IllegalStateException("mode " + conn.mode());
            }
        } catch (IOException refused) {
            answers.add(Seen.failed(Seen.RESET, List.of(), refused.toString()));
        }
        if (conn.mode() == Conn.Mode.HOLD) {
            return new ConnResult(conn, answers, null, afterTag, "");
        }
        return finish(conn, answers, afterTag);
    }

    private void readAll(Conn conn, List<Seen> answers) {
        for (Req request : conn.requests()) {
            Seen seen = reader.read(request.method());
            answers.add(seen);
            if (!seen.answered() || reader.ended()) {
                return;
            }
        }
    }

    /** A plain GET if the connection is open and reusable; otherwise whatever comes until it ends. */
    private ConnResult finish(Conn conn, List<Seen> answers, String afterTag) {
        Seen last = answers.isEmpty() ? null : answers.get(answers.size() - 1);
        boolean reusable = last != null && last.answered() && !last.closes() && !reader.ended()
                && conn.mode() != Conn.Mode.HALF_CLOSE && answers.size() == conn.requests().size()
                && !conn.requests().get(conn.requests().size() - 1).bytes().contains("HTTP/1.0");
        if (reusable) {
            try {
                send(Req.get(afterTag).bytes(), false);
                return new ConnResult(conn, answers, reader.read("GET"), afterTag, "");
            } catch (IOException closed) {
                return new ConnResult(conn, answers, Seen.failed(Seen.RESET, List.of(), closed.toString()), afterTag, "");
            }
        }
        String trailing = reader.ended() ? "" : reader.rest();
        return new ConnResult(conn, answers, null, afterTag, trailing);
    }

    /** Sends; a refusal to take more (the proxy closed early) is not the end: its answer may be there to read. */
    private void trySend(String text) {
        try {
            send(text, false);
        } catch (IOException closedEarly) {
            // read what the proxy said before it closed
        }
    }

    private void send(String text, boolean trickle) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        if (!trickle) {
            out.write(bytes);
            out.flush();
            return;
        }
        for (byte b : bytes) {
            out.write(b);
            out.flush();
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
