package io.tailguard.artifacts;

import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) functions for the hand-written JSON of manifests. */
final class Json {

    private Json() {
    }

    /** Returns {@code s} as a JSON string literal; {@code null} becomes {@code null}. */
    static String string(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                case '\b': out.append("\\b"); break;
                case '\f': out.append("\\f"); break;
                default:
                    if (c < 0x20 || c == '<' || c == '>' || c == '&') {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        return out.append('"').toString();
    }

    /** Returns a one-line JSON array of strings. */
    static String strings(List<String> values) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            out.append(i > 0 ? ", " : "").append(string(values.get(i)));
        }
        return out.append(']').toString();
    }
}
