package io.tailguard.journal.worker;

import io.tailguard.journal.ErrorHandler;


/**
 * Thread-safe: reports a connection problem that repeats (a replica down, a replica refused, a
 * client that never completes its handshake) once, with its cause, then counts the repeats instead
 * of logging each retry; when the problem ends or changes, one more line gives the count. Repeats are
 * grouped by kind, and their messages may differ in detail (how many bytes arrived, from which peer):
 * the count line quotes the message only when every repeat said the same, otherwise it names the kind
 * and quotes the first and the last.
 */
public final class IncidentLog {

    private final ErrorHandler errors;
    private final String subject;
    private String kind;
    private String first;
    private String last;
    private boolean allSame;
    private long repeats;
    private volatile String latest;

    public IncidentLog(ErrorHandler errors, String subject) {
        this.errors = errors;
        this.subject = subject;
    }

    /** Reports a problem; one of the same {@code kind} as the previous one is only counted. */
    public synchronized void report(String kind, String message) {
        latest = message;
        if (kind.equals(this.kind)) {
            repeats++;
            allSame &= message.equals(first);
            last = message;
            return;
        }
        summarize("a different problem followed");
        this.kind = kind;
        this.first = message;
        this.last = message;
        this.allSame = true;
        this.repeats = 0;
        errors.onError(message, null);
    }

    /** The problem ended ({@code outcome} says how, e.g. "connected"); logs the count if it repeated. */
    public synchronized void resolved(String outcome) {
        latest = null;
        summarize(outcome);
        kind = null;
    }

    /** Returns the latest problem's message while it lasts, or null. */
    public String latest() {
        return latest;
    }

    private void summarize(String outcome) {
        if (kind != null && repeats > 0) {
            String what = allSame ? "\"" + first + "\" happened " + (repeats + 1) + " times in a row"
                    : (repeats + 1) + " problems of one kind (" + kind + ") in a row, the first \"" + first
                            + "\", the last \"" + last + "\"";
            errors.onError(subject + ": " + what + "; then " + outcome, null);
        }
    }
}
