package io.tailguard.cli.journal;

import io.tailguard.cli.HostPort;
import io.tailguard.cli.UsageException;
import io.tailguard.config.DurationText;
import io.tailguard.journal.CommitMode;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.load.BenchDurability;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/** Thread-safe (stateless): turns the journal commands' option strings into values, or a one-line usage error. */
final class JournalOptions {

    private JournalOptions() {
    }

    static List<BenchDurability> durabilities(String csv, long rate) {
        List<BenchDurability> out = new ArrayList<>();
        for (String item : csv.split(",")) {
            out.add(durability(item.trim(), rate));
        }
        return out;
    }

    /** Parses none, sync, periodic:DURATION or selective:N/s. */
    static BenchDurability durability(String text, long rate) {
        if (text.startsWith("selective:")) {
            String spec = text.substring("selective:".length());
            long perSecond = -1;
            if (spec.endsWith("/s")) {
                try {
                    perSecond = Long.parseLong(spec.substring(0, spec.length() - 2));
                } catch (NumberFormatException e) {
                    perSecond = -1;
                }
            }
            if (perSecond < 1 || perSecond > rate) {
                throw new UsageException("--durability value '" + text + "' is not allowed: selective needs "
                        + "selective:N/s with 1 <= N <= --rate (" + rate + "), e.g. selective:10/s");
            }
            return BenchDurability.selective(text, perSecond, rate);
        }
        try {
            return BenchDurability.of(text, Durability.parse(text));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--durability value '" + text + "' is not allowed: use none, sync, "
                    + "periodic:<duration> (e.g. periodic:10ms) or selective:<N>/s (e.g. selective:10/s)");
        }
    }

    /** Parses the replication list: none, ack, ack-or-sync, ack-and-sync. */
    static List<CommitMode> replications(String csv) {
        List<CommitMode> out = new ArrayList<>();
        for (String item : csv.split(",")) {
            String t = item.trim();
            if ("none".equals(t)) {
                out.add(CommitMode.LOCAL);
                continue;
            }
            try {
                CommitMode m = CommitMode.parse(t);
                if (m == CommitMode.LOCAL) {
                    throw new IllegalArgumentException(t);
                }
                out.add(m);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--replication value '" + t + "' is not allowed: use none, ack, "
                        + "ack-or-sync or ack-and-sync");
            }
        }
        return out;
    }

    /** Parses a positive duration for {@code flag}. */
    static Duration duration(String flag, String text) {
        return parse(flag, text, DurationText::parsePositive, "a positive duration like 10s, 500ms or 2m");
    }

    /** Parses {@code 0} or a positive duration for {@code flag} (a warmup may be skipped). */
    static Duration zeroOrDuration(String flag, String text) {
        return parse(flag, text, DurationText::parseNonNegative, "0 or a positive duration like 1s or 500ms");
    }

    private static Duration parse(String flag, String text, BiFunction<String, String, Duration> parser,
                                  String allowed) {
        try {
            return parser.apply(flag, text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(flag + " value '" + text + "' is not allowed: use " + allowed);
        }
    }

    /** Parses {@code --ack-grace}: {@code 0} or a duration up to {@link JournalConfig#MAX_ACK_GRACE}. */
    static Duration ackGrace(String flag, String text) {
        return upTo(flag, text, JournalConfig.MAX_ACK_GRACE, "1m, e.g. 500us, 5ms or 20ms");
    }

    /** Parses {@code --replication-linger}: 0 or a duration up to {@link JournalConfig#MAX_REPLICATION_LINGER}. */
    static Duration linger(String flag, String text) {
        return upTo(flag, text, JournalConfig.MAX_REPLICATION_LINGER, "100ms, e.g. 100us or 200us");
    }

    private static Duration upTo(String flag, String text, Duration max, String allowed) {
        try {
            Duration d = DurationText.parseNonNegative(flag, text);
            if (d.compareTo(max) <= 0) {
                return d;
            }
        } catch (IllegalArgumentException e) {
            // the usage error below says what is allowed
        }
        throw new UsageException(flag + " value '" + text + "' is not allowed: use 0 or a duration up to " + allowed);
    }

    /** The fewest cores on which {@code --pacing auto} spins: one for the generator, the rest for the journal. */
    static final int SPIN_MIN_CORES = 4;

    /**
     * Resolves {@code auto}, {@code spin} or {@code park} for {@code flag} to {@code spin} or
     * {@code park}: {@code auto} spins on a machine with at least {@link #SPIN_MIN_CORES} cores.
     */
    static String pacing(String flag, String text, int cores) {
        if ("spin".equals(text) || "park".equals(text)) {
            return text;
        }
        if ("auto".equals(text)) {
            return cores >= SPIN_MIN_CORES ? "spin" : "park";
        }
        throw new UsageException(flag + " value '" + text + "' is not allowed: use auto, spin or park");
    }

    /** Parses HOST:PORT for {@code flag}. */
    static InetSocketAddress hostPort(String flag, String text) {
        return HostPort.parse(text).orElseThrow(() -> new UsageException(
                flag + " value '" + text + "' is not allowed: use HOST:PORT, e.g. 127.0.0.1:7400"));
    }

    /**
     * Parses a whole number from {@code lo} to {@code hi} for {@code flag}; anything else (a unit such
     * as {@code 10MB}, a fraction, a number out of range) gets the same one-line answer.
     */
    static long range(String flag, String text, long lo, long hi) {
        try {
            return range(flag, Long.parseLong(text.trim()), lo, hi);
        } catch (NumberFormatException e) {
            throw new UsageException(flag + " value '" + text + "' is not allowed: use a whole number from "
                    + lo + " to " + hi);
        }
    }

    /** Requires {@code lo <= value <= hi} for {@code flag}. */
    static long range(String flag, long value, long lo, long hi) {
        if (value < lo || value > hi) {
            throw new UsageException(flag + " value '" + value + "' is not allowed: use a whole number from "
                    + lo + " to " + hi);
        }
        return value;
    }
}
