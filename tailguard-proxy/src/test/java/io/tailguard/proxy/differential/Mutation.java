package io.tailguard.proxy.differential;

import java.util.List;

/**
 * Thread-safe (immutable): one change to a message head, as a property test generates it. Applied
 * by {@link #apply} to the text on either side of a protected span (the tag), so a mutated message
 * still names the exchange it belongs to.
 *
 * @param kind     what to change
 * @param position where, as a share of the text in ten-thousandths (0 to 9,999)
 * @param value    a byte to insert, a digit, or which header to add
 * @param length   how many bytes to delete or duplicate
 */
record Mutation(Kind kind, int position, int value, int length) {

    /** The changes a head can suffer. */
    enum Kind { INSERT_BYTE, DELETE_BYTES, DUPLICATE_BYTES, INSERT_CRLF, INSERT_LF, INSERT_CR, DUPLICATE_LINE,
        DELETE_LINE, CHANGE_DIGIT, INSERT_HEADER }

    /** Header lines that change how a message is framed or handled. */
    static final List<String> HEADERS = List.of("Content-Length: 0", "Content-Length: 7", "Content-Length: 5, 5",
            "Transfer-Encoding: chunked", "Transfer-Encoding: identity", "Connection: close", "Connection: Host",
            "Expect: 100-continue", "Host: u", " folded", "Upgrade: websocket", "Content-Length: 18446744073709551616");

    /**
     * Returns {@code text} with every mutation applied in order, never touching {@code text[from, to)};
     * a mutation that changes nothing where it falls (a digit change with no digit there) goes to the
     * other side of the span.
     */
    static String apply(String text, int from, int to, List<Mutation> mutations) {
        String before = text.substring(0, from);
        String kept = text.substring(from, to);
        String after = text.substring(to);
        for (Mutation mutation : mutations) {
            int total = before.length() + after.length() + 1;
            int at = (int) ((long) mutation.position * total / 10_000);
            if (at <= before.length()) {
                String changed = mutation.applyTo(before, at);
                if (changed.equals(before)) {
                    after = mutation.applyTo(after, 0);
                }
                before = changed;
            } else {
                String changed = mutation.applyTo(after, at - before.length() - 1);
                if (changed.equals(after)) {
                    before = mutation.applyTo(before, 0);
                }
                after = changed;
            }
        }
        return before + kept + after;
    }

    /** Returns {@code segment} with this mutation applied at {@code at} (0 to its length). */
    String applyTo(String segment, int at) {
        if (at == segment.length() && (kind == Kind.DELETE_BYTES || kind == Kind.DUPLICATE_BYTES)) {
            at = Math.max(0, segment.length() - length);
        }
        int end = Math.min(segment.length(), at + length);
        return switch (kind) {
            case INSERT_BYTE -> insert(segment, at, String.valueOf((char) value));
            case DELETE_BYTES -> segment.substring(0, at) + segment.substring(end);
            case DUPLICATE_BYTES -> segment.substring(0, end) + segment.substring(at, end) + segment.substring(end);
            case INSERT_CRLF -> insert(segment, at, "\r\n");
            case INSERT_LF -> insert(segment, at, "\n");
            case INSERT_CR -> insert(segment, at, "\r");
            case DUPLICATE_LINE -> {
                int start = lineStart(segment, at);
                int stop = lineEnd(segment, at);
                yield segment.substring(0, stop) + segment.substring(start, stop) + segment.substring(stop);
            }
            case DELETE_LINE -> segment.substring(0, lineStart(segment, at)) + segment.substring(lineEnd(segment, at));
            case CHANGE_DIGIT -> changeDigit(segment, at);
            case INSERT_HEADER -> {
                int start = lineEnd(segment, at);
                yield insert(segment, start, HEADERS.get(value % HEADERS.size()) + "\r\n");
            }
        };
    }

    private static String insert(String segment, int at, String text) {
        return segment.substring(0, at) + text + segment.substring(at);
    }

    private static int lineStart(String segment, int at) {
        int newline = segment.lastIndexOf('\n', Math.max(0, at - 1));
        return at == 0 || newline < 0 ? 0 : newline + 1;
    }

    /** The index just after the line's LF (or the end). */
    private static int lineEnd(String segment, int at) {
        int newline = segment.indexOf('\n', at);
        return newline < 0 ? segment.length() : newline + 1;
    }

    /** Replaces one digit, or adds a digit after it: lengths and chunk sizes grow, shrink or overflow. */
    private String changeDigit(String segment, int at) {
        for (int i = 0; i < segment.length(); i++) {
            int index = (at + i) % segment.length();
            if (Character.isDigit(segment.charAt(index))) {
                String digit = String.valueOf((char) ('0' + value % 10));
                return value % 2 == 0
                        ? segment.substring(0, index) + digit + segment.substring(index + 1)
                        : insert(segment, index + 1, digit);
            }
        }
        return segment;
    }
}
