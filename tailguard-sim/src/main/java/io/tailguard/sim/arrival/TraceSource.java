package io.tailguard.sim.arrival;

import io.tailguard.config.Check;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Immutable replay of recorded arrival times.
 *
 * <p>CSV trace format ({@link #fromCsv}): UTF-8 text, one arrival per line; the first
 * comma-separated field is the arrival time in <b>milliseconds</b> since the start of the trace,
 * a non-negative decimal such as {@code 12} or {@code 12.345678} (exact to the nanosecond).
 * Further fields are ignored. Blank lines, lines starting with {@code #}, and a first line that is
 * not a number (a header) are skipped. Times must be non-decreasing.
 */
public final class TraceSource implements ArrivalSource {

    private static final BigDecimal NANOS_PER_MILLI = BigDecimal.valueOf(1_000_000L);

    private final long[] arrivalTimesNanos;

    private TraceSource(long[] arrivalTimesNanos) {
        this.arrivalTimesNanos = arrivalTimesNanos;
    }

    /** Replays {@code arrivalTimesNanos} (copied), which must be non-negative and non-decreasing. */
    public static TraceSource of(long[] arrivalTimesNanos) {
        Check.notNull("arrivalTimesNanos", arrivalTimesNanos);
        long[] copy = arrivalTimesNanos.clone();
        for (int i = 0; i < copy.length; i++) {
            Check.nonNegative("arrivalTimesNanos[" + i + "]", copy[i]);
            if (i > 0 && copy[i] < copy[i - 1]) {
                throw new IllegalArgumentException("arrivalTimesNanos must be non-decreasing but ["
                        + i + "] was " + copy[i] + " after " + copy[i - 1]);
            }
        }
        return new TraceSource(copy);
    }

    /** Reads a CSV trace file (format in the class comment). */
    public static TraceSource fromCsv(Path file) throws IOException {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return fromCsv(reader, file.toString());
        }
    }

    /**
     * Reads a CSV trace (format in the class comment) from {@code reader}; {@code name} appears in
     * error messages as "name:line".
     */
    public static TraceSource fromCsv(Reader reader, String name) throws IOException {
        BufferedReader lines = new BufferedReader(reader);
        long[] times = new long[1024];
        int count = 0;
        int lineNumber = 0;
        boolean seenContent = false;
        String line;
        while ((line = lines.readLine()) != null) {
            lineNumber++;
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            int comma = trimmed.indexOf(',');
            String field = (comma < 0 ? trimmed : trimmed.substring(0, comma)).strip();
            boolean firstContent = !seenContent;
            seenContent = true;
            long nanos;
            try {
                nanos = new BigDecimal(field).multiply(NANOS_PER_MILLI).setScale(0, RoundingMode.HALF_UP)
                        .longValueExact();
            } catch (NumberFormatException | ArithmeticException e) {
                if (firstContent) {
                    continue; // a header line
                }
                throw new IllegalArgumentException(name + ":" + lineNumber
                        + ": arrival time must be a non-negative number of milliseconds but was '" + field + "'");
            }
            if (nanos < 0 || (count > 0 && nanos < times[count - 1])) {
                throw new IllegalArgumentException(name + ":" + lineNumber
                        + ": arrival time must be non-negative and non-decreasing but was '" + field + "'");
            }
            if (count == times.length) {
                times = Arrays.copyOf(times, count * 2);
            }
            times[count++] = nanos;
        }
        return new TraceSource(Arrays.copyOf(times, count));
    }

    /** Returns the number of recorded arrivals. */
    public int size() {
        return arrivalTimesNanos.length;
    }

    @Override
    public boolean finite() {
        return true;
    }

    @Override
    public ArrivalStream open(RandomGenerator random) {
        return new ArrivalStream() {
            private int next;

            @Override
            public long nextNanos() {
                return next < arrivalTimesNanos.length ? arrivalTimesNanos[next++] : END;
            }
        };
    }
}
