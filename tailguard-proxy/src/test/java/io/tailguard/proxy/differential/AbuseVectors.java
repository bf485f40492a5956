package io.tailguard.proxy.differential;

import static io.tailguard.proxy.differential.Expect.atMostAtBackend;
import static io.tailguard.proxy.differential.Expect.reachedBackend;
import static io.tailguard.proxy.differential.Expect.served;
import static io.tailguard.proxy.differential.Expect.status;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Thread-safe (stateless): vectors where clients try to hold the proxy's limits: idle keep-alive
 * connections, slow bodies, bodies that never come, departures, long pipelines. A legitimate client
 * ({@code ...-legit}) comes while they hold what they hold.
 */
final class AbuseVectors {

    private AbuseVectors() {
    }

    static List<Vector> all() {
        int permitsAndQueue = Tailguard.MAX_CONNS + 8;
        return List.of(
                abuse("b01", "idle keep-alive clients fill max-connections", Replies.okToAll(),
                        Tailguard.MAX_CONNECTIONS, i -> Conn.of(Conn.Mode.HOLD, Req.get("b01-i" + i)))
                        .expecting(served("b01-legit", 200)),
                abuse("b02", "slow request bodies take every permit and queue place", Replies.okToAll(),
                        permitsAndQueue, i -> Conn.of(Conn.Mode.HOLD_SILENT, Req.post("b02-s" + i, "x", "Content-Length: 100")))
                        .expecting(served("b02-legit", 200)),
                abuse("b03", "Expect: 100-continue bodies that never come", Replies.okToAll(),
                        permitsAndQueue, i -> Conn.of(Conn.Mode.HOLD_SILENT, Req.post("b03-s" + i, "",
                                "Content-Length: 100", "Expect: 100-continue")))
                        .expecting(served("b03-legit", 200)),
                abuse("b04", "heads that never complete fill max-connections", Replies.okToAll(),
                        Tailguard.MAX_CONNECTIONS, i -> Conn.of(Conn.Mode.HOLD_SILENT,
                                Req.raw("b04-p" + i, "GET", "GET /d/b04-p" + i + " HTTP/1.1\r\nHost: t\r\nX-Slow: "))),
                abuse("b05", "clients leave while the backend works on their requests",
                        hang(),
                        2 * Tailguard.MAX_CONNS, i -> Conn.of(Conn.Mode.LEAVE, Req.get("b05-h" + i)))
                        .expecting(status("b05-legit", 200, 503), atMostAtBackend(Tailguard.MAX_CONNS)),
                Kit.request("b06", "fifty GETs pipelined", Conn.of(Conn.Mode.PIPELINED, fifty()))
                        .expecting(allServed()),
                queuedDeparture(),
                Kit.request("b08", "more clients one after another than max-connections, each closing", closing())
                        .expecting(served("b08-c" + (Tailguard.MAX_CONNECTIONS + 4), 200)),
                // each connection is read on its own event loop, so the legitimate request can overtake
                // holders' requests and wait in the queue; then it is answered 503 at the queue timeout,
                // or 200 when the holders' requests timed out first. What must hold is the bound, also
                // when they time out: a timed-out request's permit goes on only once its connection is
                // closed (ResponseTimeoutPermitTest holds the loop that closes it to show the order).
                abuse("b09", "a full queue answers and keeps its bound", hang(), permitsAndQueue,
                        i -> Conn.of(Conn.Mode.HOLD_SILENT, Req.get("b09-h" + i)))
                        .expecting(status("b09-legit", 503, 200), atMostAtBackend(Tailguard.MAX_CONNS)),
                Kit.request("b10", "a request body one byte per write",
                        Conn.of(Conn.Mode.TRICKLE, Req.post("b10-a", "x".repeat(200), "Content-Length: #")))
                        .expecting(served("b10-a", 200)));
    }

    /** {@code count} abusive connections from {@code abuser}, then a legitimate GET on a new connection. */
    private static Vector abuse(String id, String title, Function<Received, Reply> backend, int count,
                                IntFunction<Conn> abuser) {
        List<Conn> conns = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            conns.add(abuser.apply(i));
        }
        conns.add(Conn.of(Req.get(id + "-legit")));
        return new Vector(id, "request", title, List.copyOf(conns), backend, List.of(), "");
    }

    /** A backend that never answers, except the legitimate client and the checks afterwards. */
    private static Function<Received, Reply> hang() {
        return r -> r.tag().contains("-h") ? Reply.of(new Reply.Hang()) : Replies.ok(r);
    }

    /** Requests wait in the queue behind held permits, and their clients leave: none may be forwarded. */
    private static Vector queuedDeparture() {
        List<Conn> conns = new ArrayList<>();
        for (int i = 1; i <= Tailguard.MAX_CONNS; i++) {
            conns.add(Conn.of(Conn.Mode.HOLD_AT_BACKEND, Req.get("b07-h" + i)));
        }
        List<Expect> expects = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            conns.add(Conn.of(Conn.Mode.LEAVE_LOGGED, Req.get("b07-q" + i)));
            expects.add(reachedBackend("b07-q" + i, 0));
        }
        return new Vector("b07", "request", "queued clients leave", List.copyOf(conns), hang(), List.copyOf(expects), "");
    }

    private static Req[] fifty() {
        Req[] requests = new Req[50];
        for (int i = 0; i < requests.length; i++) {
            requests[i] = Req.get("b06-p" + (i + 1));
        }
        return requests;
    }

    private static Expect allServed() {
        return outcome -> {
            for (int i = 1; i <= 50; i++) {
                String failed = served("b06-p" + i, 200).check(outcome);
                if (failed != null) {
                    return failed;
                }
            }
            return null;
        };
    }

    private static Conn[] closing() {
        Conn[] conns = new Conn[Tailguard.MAX_CONNECTIONS + 4];
        for (int i = 0; i < conns.length; i++) {
            conns[i] = Conn.of(Req.get("b08-c" + (i + 1), "Connection: close"));
        }
        return conns;
    }
}
