package io.tailguard.proxy.differential;

import java.util.List;
import java.util.Optional;

/**
 * Thread-safe (immutable): everything one run of a vector left behind.
 *
 * @param vector    the vector
 * @param conns     what each client connection saw, in the vector's order
 * @param received  what the backend received
 * @param breaches  what the backend saw the proxy do wrong
 * @param finalGet  the answer to a plain GET on a new connection after the vector
 * @param finalTag  that GET's tag
 * @param accessLog the proxy's access-log lines written during the run (empty for a proxy not in process)
 * @param logged    the proxy's log records that carried a stack trace, as text
 * @param mostWorkingAtBackend the most requests the backend worked on at once
 */
record Outcome(Vector vector, List<ConnResult> conns, List<Received> received, List<String> breaches, Seen finalGet,
               String finalTag, List<String> accessLog, List<String> logged, int mostWorkingAtBackend) {

    /** The answer the client read to the request tagged {@code tag}, if it read one. */
    Optional<Seen> answer(String tag) {
        for (ConnResult conn : conns) {
            for (int i = 0; i < conn.answers().size(); i++) {
                if (conn.conn().requests().get(i).tag().equals(tag)) {
                    return Optional.of(conn.answers().get(i));
                }
            }
        }
        return Optional.empty();
    }

    /** The backend's records of requests tagged {@code tag}. */
    List<Received> receivedAs(String tag) {
        return received.stream().filter(r -> r.tag().equals(tag)).toList();
    }

    /** One line per request: tag and what its client saw. */
    String summary() {
        StringBuilder text = new StringBuilder();
        for (ConnResult conn : conns) {
            for (int i = 0; i < conn.conn().requests().size(); i++) {
                String tag = conn.conn().requests().get(i).tag();
                text.append(tag).append(": ")
                        .append(i < conn.answers().size() ? conn.answers().get(i).brief() : conn.conn().reads() ? "-" : "(not read)")
                        .append('\n');
            }
            if (conn.after() != null) {
                text.append(conn.afterTag()).append(": ").append(conn.after().brief()).append('\n');
            }
        }
        text.append(finalTag).append(": ").append(finalGet.brief()).append('\n');
        return text.toString();
    }
}
