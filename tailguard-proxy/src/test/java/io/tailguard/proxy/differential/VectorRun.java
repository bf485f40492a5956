package io.tailguard.proxy.differential;

import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Thread-safe (stateless): runs one vector against a proxy in front of a recording backend and
 * gathers its {@link Outcome}. The clients' connections run one after another; HOLD ones stay open
 * until the last has run. Then a plain GET goes on a new connection.
 */
final class VectorRun {

    /** How long a client waits for each read: longer than any timeout the proxies under test are given. */
    static final int READ_TIMEOUT_MILLIS = 3_000;
    /**
     * Attempts of the final GET whose connection is closed on accept or whose request finds the queue
     * full: the closes of held clients may still be in flight, and their queued requests are withdrawn
     * only once the proxy has read those closes.
     */
    private static final int FINAL_ATTEMPTS = 20;
    /** The longest wait for a connection's requests to arrive where its mode says (generous for a loaded machine). */
    private static final int ARRIVAL_SECONDS = 20;

    private VectorRun() {
    }

    /**
     * Runs {@code vector} against {@code proxy}. {@code accessLog} and {@code logs} may be null for a
     * proxy that is not in this process.
     */
    static Outcome run(Vector vector, InetSocketAddress proxy, RecordingBackend backend, AccessLogTail accessLog,
                       LogCapture logs) {
        backend.reset();
        backend.script(vector.backend());
        if (accessLog != null) {
            accessLog.mark();
        }
        if (logs != null) {
            logs.reset();
        }
        List<ConnResult> results = new ArrayList<>();
        List<Client> held = new ArrayList<>();
        try {
            for (int i = 0; i < vector.conns().size(); i++) {
                Conn conn = vector.conns().get(i);
                String afterTag = vector.id() + "-c" + (i + 1) + "-after";
                Client client;
                try {
                    client = new Client(proxy, READ_TIMEOUT_MILLIS);
                } catch (IOException refused) {
                    results.add(new ConnResult(conn, List.of(Seen.failed(Seen.RESET, List.of(), refused.toString())),
                            null, afterTag, ""));
                    continue;
                }
                results.add(client.run(conn, afterTag));
                awaitArrival(conn, backend, accessLog);
                if (conn.holds()) {
                    held.add(client);
                } else {
                    client.close();
                }
            }
        } finally {
            held.forEach(Client::close);
        }
        backend.script(Replies.okToAll());
        String finalTag = vector.id() + "-final";
        Seen last = finalGet(proxy, finalTag);
        return new Outcome(vector, List.copyOf(results), backend.received(), backend.breaches(), last, finalTag,
                accessLog == null ? List.of() : accessLog.lines(), logs == null ? List.of() : logs.traces(),
                backend.mostWorking());
    }

    /**
     * Waits, for a connection whose mode says so, until its requests reached the backend or the
     * proxy logged their end: the event the next connection must come after, not a time. Gives up
     * after {@link #ARRIVAL_SECONDS}, and the vector's expectations say what went wrong.
     */
    private static void awaitArrival(Conn conn, RecordingBackend backend, AccessLogTail accessLog) {
        Predicate<Req> arrived;
        if (conn.mode() == Conn.Mode.HOLD_AT_BACKEND) {
            arrived = request -> backend.received().stream().anyMatch(r -> r.tag().equals(request.tag()));
        } else if (conn.mode() == Conn.Mode.LEAVE_LOGGED && accessLog != null) {
            arrived = request -> accessLog.lines().stream().anyMatch(l -> l.contains(" uri=/d/" + request.tag() + " "));
        } else {
            return;
        }
        NanoClock clock = NanoClock.system();
        long deadline = clock.nanoTime() + TimeUnit.SECONDS.toNanos(ARRIVAL_SECONDS);
        while (!conn.requests().stream().allMatch(arrived) && clock.nanoTime() < deadline) {
            Thread.yield();
        }
    }

    private static Seen finalGet(InetSocketAddress proxy, String tag) {
        Seen seen = Seen.failed(Seen.CLOSED, List.of(), "");
        for (int attempt = 0; attempt < FINAL_ATTEMPTS; attempt++) {
            try (Client client = new Client(proxy, READ_TIMEOUT_MILLIS)) {
                ConnResult result = client.run(Conn.of(Req.get(tag, "Connection: close")), tag + "-after");
                seen = result.answers().get(0);
            } catch (IOException refused) {
                seen = Seen.failed(Seen.RESET, List.of(), refused.toString());
            }
            boolean stillFull = seen.status() == 503 && "queue_full".equals(seen.reason());
            if (seen.status() != Seen.CLOSED && seen.status() != Seen.RESET && !stillFull) {
                return seen;
            }
        }
        return seen;
    }
}
