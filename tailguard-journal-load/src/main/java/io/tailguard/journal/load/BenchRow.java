package io.tailguard.journal.load;

import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Thread-safe (immutable): one line of the journal benchmark's table and CSV (latencies in microseconds).
 *
 * @param durability durability label, e.g. {@code selective:10/s}
 * @param replication {@code none}, {@code ack}, {@code ack-or-sync} or {@code ack-and-sync}
 * @param rate messages per second
 * @param sizeBytes bytes per message
 * @param messages recorded messages (warm-up excluded)
 * @param p50Us p50 latency in microseconds, and so on
 */
public record BenchRow(String durability, String replication, long rate, int sizeBytes, long messages,
                double p50Us, double p90Us, double p99Us, double p999Us, double p9999Us, double maxUs) {

    /** The CSV header, exactly as documented. */
    public static final String CSV_HEADER =
            "durability,replication,rate,size_bytes,messages,p50_us,p90_us,p99_us,p999_us,p9999_us,max_us";

    /** The row of {@code histogram}'s nanosecond latencies, in microseconds. */
    public static BenchRow of(String durability, String replication, long rate, int size, Histogram h) {
        return new BenchRow(durability, replication, rate, size, h.getTotalCount(),
                us(h.getValueAtPercentile(50)), us(h.getValueAtPercentile(90)), us(h.getValueAtPercentile(99)),
                us(h.getValueAtPercentile(99.9)), us(h.getValueAtPercentile(99.99)), us(h.getMaxValue()));
    }

    private static double us(long nanos) {
        return nanos / 1000.0;
    }

    /** Returns the row as one CSV line under {@link #CSV_HEADER}. */
    public String csv() {
        return String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f", durability, replication,
                rate, sizeBytes, messages, p50Us, p90Us, p99Us, p999Us, p9999Us, maxUs);
    }

    /** Returns the header of the printed table. */
    public static String tableHeader() {
        return String.format(Locale.ROOT, "%-16s %-13s %8s %6s %9s %10s %10s %10s %10s %10s %10s", "durability",
                "replication", "rate", "size", "messages", "p50_us", "p90_us", "p99_us", "p999_us", "p9999_us",
                "max_us");
    }

    /** Returns the row as one line of the printed table. */
    public String tableLine() {
        return String.format(Locale.ROOT, "%-16s %-13s %8d %6d %9d %10.1f %10.1f %10.1f %10.1f %10.1f %10.1f",
                durability, replication, rate, sizeBytes, messages, p50Us, p90Us, p99Us, p999Us, p9999Us, maxUs);
    }
}
