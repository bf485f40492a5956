package io.tailguard.proxy.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Thread-safe (stateless): short ways to write vectors as data. */
final class Kit {

    /** Victims per injection vector: enough new connections to reach every event loop's pool twice. */
    static final int VICTIMS = 2 * Math.max(2, Runtime.getRuntime().availableProcessors());

    private Kit() {
    }

    static Vector request(String id, String title, Conn... conns) {
        return new Vector(id, "request", title, List.of(conns), Replies.okToAll(), List.of(), "");
    }

    static Vector response(String id, String title, Function<Received, Reply> backend, Conn... conns) {
        return new Vector(id, "response", title, List.of(conns), backend, List.of(), "");
    }

    /** A vector of one connection sending one request. */
    static Vector one(String id, String title, Req request) {
        return request(id, title, Conn.of(request));
    }

    /** {@code conns}, then {@link #VICTIMS} new connections each sending a plain GET tagged {@code <id>-v<n>}. */
    static Conn[] withVictims(String id, Conn... conns) {
        List<Conn> all = new ArrayList<>(List.of(conns));
        for (int i = 1; i <= VICTIMS; i++) {
            all.add(Conn.of(Req.get(id + "-v" + i)));
        }
        return all.toArray(Conn[]::new);
    }

    /** Every victim of {@code id} got its own 200. */
    static Expect[] victimsServed(String id) {
        Expect[] expects = new Expect[VICTIMS];
        for (int i = 1; i <= VICTIMS; i++) {
            expects[i - 1] = Expect.served(id + "-v" + i, 200);
        }
        return expects;
    }

    /** A request whose only fault is the Content-Length value {@code value}, followed by a 5-byte body. */
    static Req badLength(String tag, String value) {
        return Req.post(tag, "hello", "Content-Length: " + value);
    }

    /**
     * Vector {@code id}: one request whose Content-Length is {@code value}, which the proxy must refuse
     * itself with {@code 400 bad_content_length} and log.
     */
    static Vector refusedLength(String id, String title, String value) {
        String tag = id + "-a";
        return one(id, title, badLength(tag, value))
                .expecting(Expect.local(tag, 400, "bad_content_length"), Expect.logged("status=400", "/d/" + tag));
    }
}
