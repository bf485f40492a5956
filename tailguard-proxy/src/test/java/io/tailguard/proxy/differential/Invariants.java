package io.tailguard.proxy.differential;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Thread-safe (stateless): what must hold for every vector, whatever the proxy: each request gets at
 * most one answer and only its own; the backend gets only requests the clients sent, each once; a
 * plain GET is served afterwards; no stack trace reaches a client or the log.
 */
final class Invariants {

    private static final Pattern STACK_TRACE = Pattern.compile("(Exception|Error)(: |\\r?\\n)|\\n\\s+at [a-z]");

    private Invariants() {
    }

    /** Returns every broken invariant, each as one line; empty when all hold. */
    static List<String> check(Outcome outcome) {
        List<String> broken = new ArrayList<>();
        Set<String> sent = new HashSet<>(outcome.vector().tags());
        for (ConnResult conn : outcome.conns()) {
            List<Req> requests = conn.conn().requests();
            for (int i = 0; i < conn.answers().size(); i++) {
                ownAnswer(requests.get(i).tag(), conn.answers().get(i), broken);
            }
            if (conn.after() != null) {
                sent.add(conn.afterTag());
                ownAnswer(conn.afterTag(), conn.after(), broken);
                if (conn.after().status() < 0) {
                    Seen kept = conn.answers().get(conn.answers().size() - 1);
                    broken.add(conn.afterTag() + ": a GET on the connection left open after "
                            + printable(kept.raw().split("\r\n\r\n", 2)[0]) + " got " + conn.after().brief()
                            + " " + printable(conn.after().raw().strip()));
                }
            }
            if (!conn.trailing().isEmpty()) {
                broken.add("bytes after the last answer on a connection of " + requests.get(0).tag() + ": "
                        + printable(conn.trailing()));
            }
        }
        sent.add(outcome.finalTag());
        Map<String, Integer> times = new HashMap<>();
        for (Received request : outcome.received()) {
            if (!sent.contains(request.tag())) {
                broken.add("backend received a request no client sent: " + printable(request.text()));
            } else if (times.merge(request.tag(), 1, Integer::sum) == 2) {
                broken.add("backend received " + request.tag() + " twice");
            }
        }
        broken.addAll(outcome.breaches());
        Seen last = outcome.finalGet();
        if (last.status() != 200 || !last.header("x-echo").equals(List.of(outcome.finalTag()))) {
            broken.add("a plain GET afterwards got " + last.brief() + " " + printable(last.raw()));
        }
        for (String record : outcome.logged()) {
            broken.add("the proxy logged a stack trace: " + record);
        }
        return broken;
    }

    /** Adds to {@code broken} what is wrong with {@code seen} as the answer to {@code tag}. */
    static void ownAnswer(String tag, Seen seen, List<String> broken) {
        List<String> echoes = seen.header("x-echo");
        // a folded line after X-Echo reaches the client joined by a space (RFC 9112 section 5.2): still its own
        if (echoes.stream().anyMatch(echo -> !echo.equals(tag) && !echo.startsWith(tag + " "))) {
            broken.add(tag + " got someone else's answer (X-Echo " + echoes + ")");
        }
        if (!seen.header("x-injected").isEmpty() || seen.body().contains("poison")) {
            broken.add(tag + " got bytes the backend wrote after another answer: " + printable(seen.raw()));
        }
        if (seen.status() == Seen.GARBAGE) {
            broken.add(tag + " got bytes that are not a response: " + printable(seen.raw()));
        }
        if (STACK_TRACE.matcher(seen.body()).find()) {
            broken.add(tag + " got a stack trace: " + printable(seen.body()));
        }
    }

    /** CR and LF spelled out, long text cut: one line for a report. */
    static String printable(String text) {
        String shown = text.length() > 300 ? text.substring(0, 300) + "...(" + text.length() + " chars)" : text;
        return shown.replace("\r", "\\r").replace("\n", "\\n");
    }
}
