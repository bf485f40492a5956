package io.tailguard.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Thread-safe (stateless): "did you mean" for a mistyped name (a command, an option, a config
 * key), by edit distance (Levenshtein: insertions, deletions, substitutions). A name is close when
 * it is at most a third of its length away (and at least 2 edits are forgiven), or when one of the
 * two begins with the other ({@code --redis} for {@code --redis-uri}).
 */
public final class Suggest {

    private static final int MAX_SUGGESTIONS = 3;

    private Suggest() {
    }

    /** Returns up to three names of {@code candidates} close to {@code typed}, the closest first. */
    public static List<String> closest(String typed, Collection<String> candidates) {
        List<String> close = new ArrayList<>();
        for (String candidate : candidates) {
            if (!candidate.equals(typed) && close(typed, candidate)) {
                close.add(candidate);
            }
        }
        close.sort(Comparator.comparingInt((String c) -> distance(typed, c)).thenComparing(c -> c));
        return close.size() > MAX_SUGGESTIONS ? List.copyOf(close.subList(0, MAX_SUGGESTIONS)) : List.copyOf(close);
    }

    /** Returns "; did you mean a or b?" for the close names, or "" if none is close. */
    public static String didYouMean(String typed, Collection<String> candidates) {
        List<String> close = closest(typed, candidates);
        return close.isEmpty() ? "" : "; did you mean " + String.join(" or ", close) + "?";
    }

    private static boolean close(String typed, String candidate) {
        String a = strip(typed);
        String b = strip(candidate);
        if (a.length() >= 3 && (b.startsWith(a) || a.startsWith(b))) {
            return true;
        }
        return distance(a, b) <= Math.max(2, Math.min(a.length(), b.length()) / 3);
    }

    /** Leading dashes are not part of the name: {@code -rate} is one edit from {@code --rate}, not a match by prefix. */
    private static String strip(String name) {
        int i = 0;
        while (i < name.length() && name.charAt(i) == '-') {
            i++;
        }
        return name.substring(i);
    }

    /** Returns the Levenshtein distance between {@code a} and {@code b}. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
