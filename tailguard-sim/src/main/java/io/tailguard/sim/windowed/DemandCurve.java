package io.tailguard.sim.windowed;

import java.util.List;
import java.util.Locale;

/**
 * Thread-safe (immutable) demand of the series: a list of segments (rate, length) tiled from time
 * zero, or one segment of unbounded length for a constant rate.
 *
 * @param segments the segments, tiled in order; a segment of length 0 lasts to the end of the window
 */
public record DemandCurve(List<Segment> segments) {

    /**
     * One segment.
     *
     * @param ratePerSecond arrivals per second, 0 for a silent segment
     * @param lengthMs      whole milliseconds, 0 for unbounded
     */
    public record Segment(double ratePerSecond, long lengthMs) {
    }

    /** Copies and checks that a tiled curve has no unbounded segment. */
    public DemandCurve {
        segments = List.copyOf(segments);
        if (segments.isEmpty() || (segments.size() > 1 && segments.stream().anyMatch(s -> s.lengthMs() <= 0))) {
            throw new IllegalArgumentException("segments must be one unbounded or several bounded but was " + segments);
        }
    }

    /** A constant rate for the whole window. */
    public static DemandCurve constant(double ratePerSecond) {
        return new DemandCurve(List.of(new Segment(ratePerSecond, 0)));
    }

    /** A valley then a spike, repeated from time zero. */
    public static DemandCurve bursty(double valleyRps, long valleyMs, double spikeRps, long spikeMs) {
        return new DemandCurve(List.of(new Segment(valleyRps, valleyMs), new Segment(spikeRps, spikeMs)));
    }

    /**
     * The published arrivals in {@code [0, windowMs)}: within each segment, from its (whole
     * millisecond) start, by repeated floating addition of {@code 1000 / rate}. Adding, not
     * multiplying, is what the published numbers depend on (75 rps gives 376 arrivals in 5 s).
     */
    public double[] evenArrivals(long windowMs) {
        DoubleList out = new DoubleList();
        long segStart = 0;
        int i = 0;
        while (segStart < windowMs) {
            Segment s = segments.get(i++ % segments.size());
            long segEnd = s.lengthMs() <= 0 ? windowMs : Math.min(segStart + s.lengthMs(), windowMs);
            if (s.ratePerSecond() > 0) {
                double spacing = 1000.0 / s.ratePerSecond();
                for (double t = segStart; t < segEnd; t += spacing) {
                    out.add(t);
                }
            }
            segStart = segEnd;
        }
        return out.toArray();
    }

    /** Rate at {@code timeMs} (whole milliseconds from zero). */
    public double rateAt(long timeMs) {
        return segmentStartingBefore(timeMs)[0];
    }

    /** End (exclusive) of the segment holding {@code timeMs}, {@link Long#MAX_VALUE} if unbounded. */
    public long segmentEndMs(long timeMs) {
        return (long) segmentStartingBefore(timeMs)[1];
    }

    private double[] segmentStartingBefore(long timeMs) {
        if (segments.size() == 1) {
            return new double[] {segments.get(0).ratePerSecond(), Long.MAX_VALUE};
        }
        long period = segments.stream().mapToLong(Segment::lengthMs).sum();
        long cycleStart = timeMs - Math.floorMod(timeMs, period);
        long end = cycleStart;
        for (Segment s : segments) {
            end += s.lengthMs();
            if (timeMs < end) {
                return new double[] {s.ratePerSecond(), end};
            }
        }
        throw new IllegalStateException("unreachable: " + timeMs);
    }

    /** Mean rate over one tile, requests per second. */
    public double meanRps() {
        if (segments.size() == 1) {
            return segments.get(0).ratePerSecond();
        }
        double work = 0;
        long period = 0;
        for (Segment s : segments) {
            work += s.ratePerSecond() * s.lengthMs();
            period += s.lengthMs();
        }
        return work / period;
    }

    /** For titles: "constant 200 rps" or "50 rps for 200 ms, then 300 rps for 100 ms". */
    public String describe() {
        if (segments.size() == 1) {
            return String.format(Locale.ROOT, "constant %s rps", number(segments.get(0).ratePerSecond()));
        }
        StringBuilder b = new StringBuilder();
        for (Segment s : segments) {
            b.append(b.length() == 0 ? "" : ", then ").append(number(s.ratePerSecond())).append(" rps for ")
                    .append(s.lengthMs()).append(" ms");
        }
        return b.append(", repeated").toString();
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }
}
