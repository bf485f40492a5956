package io.tailguard.proxy.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Thread-safe (immutable): one differential test case, as data: what the clients send, how the
 * backend answers, and what must be true beyond the invariants every vector is held to.
 *
 * @param id        a short unique name, the prefix of every tag the vector uses
 * @param side      "request" or "response": whose misbehaviour it tries
 * @param title     what it tries, in a few words
 * @param conns     the client connections, run one after another (HOLD ones stay open meanwhile)
 * @param backend   how the backend answers each request
 * @param expects   tailguard's answers where the proxy's own rules say what they must be
 * @param knownOpen the defect it shows that the proxy does not fix yet, or "" when it must pass
 */
record Vector(String id, String side, String title, List<Conn> conns, Function<Received, Reply> backend,
              List<Expect> expects, String knownOpen) {

    /** Returns this vector with its expectations extended by {@code more}. */
    Vector expecting(Expect... more) {
        List<Expect> all = new ArrayList<>(expects);
        all.addAll(List.of(more));
        return new Vector(id, side, title, conns, backend, List.copyOf(all), knownOpen);
    }

    /** Returns this vector marked as showing a defect still open. */
    Vector open(String defect) {
        return new Vector(id, side, title, conns, backend, expects, defect);
    }

    /** Returns the tags the clients send, in order. */
    List<String> tags() {
        return conns.stream().flatMap(conn -> conn.requests().stream()).map(Req::tag).toList();
    }

    @Override
    public String toString() {
        return id + " " + title;
    }
}
