package io.tailguard.load;

import io.tailguard.config.Rate;
import io.tailguard.config.RateText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Not thread-safe (the pacing thread calls {@link #report}; the engine writes the thread-safe
 * {@link #tallies} and recorders): one step's measurements, taken apart once per second into an
 * interval (progress line, chart, interval log) and added to the step's totals.
 */
final class StepRecorder {

    private static final int DIGITS = 3;
    /** Latencies are kept to the microsecond (3 digits above it): smaller histograms, cheaper per second. */
    private static final long LOWEST_NANOS = 1_000L;

    /** One per lane: each is written by one event loop. */
    final Tally[] tallies;
    final Recorder latency = new Recorder(LOWEST_NANOS, Engine.MAX_RECORDED_NANOS, DIGITS);
    final Recorder service = new Recorder(LOWEST_NANOS, Engine.MAX_RECORDED_NANOS, DIGITS);
    /** Due time to answer of 2xx/3xx answers only: what an overload experiment calls the successes' latency. */
    final Recorder success = new Recorder(LOWEST_NANOS, Engine.MAX_RECORDED_NANOS, DIGITS);

    private final Rate rate;
    private final Duration duration;
    private final long scheduled;
    private final IntervalLog log;
    private final long timeoutNanos;
    private final long maxConnections;
    private long timeoutsReported;
    private long waitsAtMaxReported;
    private final Histogram latencyTotal = new Histogram(LOWEST_NANOS, Engine.MAX_RECORDED_NANOS, DIGITS);
    private final Histogram serviceTotal = new Histogram(LOWEST_NANOS, Engine.MAX_RECORDED_NANOS, DIGITS);
    private final Histogram successTotal = new Histogram(LOWEST_NANOS, Engine.MAX_RECORDED_NANOS, DIGITS);
    private final List<Interval> intervals = new ArrayList<>();
    private long behindMaxNanos;
    private int secondsBehind;
    private Histogram latencyInterval;
    private Histogram serviceInterval;
    private Histogram successInterval;

    StepRecorder(Rate rate, Duration duration, long scheduled, int lanes, IntervalLog log, long timeoutNanos,
                 long maxConnections) {
        this.timeoutNanos = timeoutNanos;
        this.maxConnections = maxConnections;
        this.tallies = new Tally[lanes];
        for (int l = 0; l < lanes; l++) {
            tallies[l] = new Tally();
        }
        this.rate = rate;
        this.duration = duration;
        this.scheduled = scheduled;
        this.log = log;
    }

    /** Closes the interval ending at {@code nowNanos} and returns its progress line. */
    String report(long nowNanos, long measuredStartNanos) {
        latencyInterval = latencyInterval == null ? latency.getIntervalHistogram()
                : latency.getIntervalHistogram(latencyInterval);
        serviceInterval = serviceInterval == null ? service.getIntervalHistogram()
                : service.getIntervalHistogram(serviceInterval);
        successInterval = successInterval == null ? success.getIntervalHistogram()
                : success.getIntervalHistogram(successInterval);
        latencyTotal.add(latencyInterval);
        successTotal.add(successInterval);
        serviceTotal.add(serviceInterval);
        long late = 0;
        for (Tally t : tallies) {
            late = Math.max(late, t.takeLateMax());
        }
        double end = (nowNanos - measuredStartNanos) / 1e9;
        long timeouts = sum(t -> t.timeouts);
        long newTimeouts = timeouts - timeoutsReported;
        timeoutsReported = timeouts;
        Histogram all = withTimeouts(latencyInterval, newTimeouts);
        boolean empty = all.getTotalCount() == 0;
        intervals.add(new Interval(end, latencyInterval.getTotalCount(), newTimeouts,
                empty ? 0 : all.getValueAtPercentile(50), empty ? 0 : all.getValueAtPercentile(99),
                empty ? 0 : all.getMaxValue(), late));
        if (end > 0) {
            behindMaxNanos = Math.max(behindMaxNanos, late);
            secondsBehind += late > StepResult.BEHIND_NANOS ? 1 : 0;
        }
        if (log != null && (end > 0 || !empty)) {
            log.write(latencyInterval, "rate=" + RateText.format(rate));
        }
        long done = completed();
        long ok = sum(t -> t.ok);
        long shed = sum(t -> t.shed);
        long errors = sum(t -> t.errors);
        Histogram allTotal = withTimeouts(latencyTotal, timeouts);
        String line = String.format(Locale.ROOT,
                "load %s %6.1fs%s sent %d done %d p50 %s p99 %s (of all, a timeout at %s) ok %d shed %d"
                        + " errors %d timeouts %d behind %s waiting %d connections %d",
                RateText.format(rate), end, end <= 0 ? " (warm-up)" : "", sum(t -> t.sent), done,
                Spectrum.millis(allTotal, 50), Spectrum.millis(allTotal, 99), Spectrum.seconds(timeoutNanos), ok,
                shed, errors, timeouts, Spectrum.millis(late), sum(t -> t.waiting), sum(t -> t.opened));
        long waitsAtMax = sum(t -> t.waitsAtMax);
        if (waitsAtMax > waitsAtMaxReported) {
            line += String.format(Locale.ROOT, "; %d requests waited at the maximum of %d connections: %s",
                    waitsAtMax - waitsAtMaxReported, maxConnections, Ceiling.sentence(maxConnections, serviceTotal));
        }
        waitsAtMaxReported = waitsAtMax;
        return line;
    }

    private Histogram withTimeouts(Histogram answered, long timeouts) {
        Histogram all = answered.copy();
        if (timeouts > 0) {
            all.recordValueWithCount(Math.min(timeoutNanos, Engine.MAX_RECORDED_NANOS), timeouts);
        }
        return all;
    }

    /** Returns the step's result; call after the last {@link #report}. */
    StepResult result() {
        Map<Integer, Long> statuses = new LinkedHashMap<>();
        for (int code = 0; code < Tally.STATUS_SLOTS; code++) {
            long n = 0;
            for (Tally t : tallies) {
                n += t.statuses.get(code);
            }
            if (n > 0) {
                statuses.put(code, n);
            }
        }
        return new StepResult(rate, duration.toNanos() / 1e9, scheduled, sum(t -> t.sent), sum(t -> t.ok),
                sum(t -> t.shed), sum(t -> t.errors), sum(t -> t.timeouts), statuses, latencyTotal.copy(),
                serviceTotal.copy(), behindMaxNanos, secondsBehind, sum(t -> t.waitingMax), intervals,
                successTotal.copy(), timeoutNanos, sum(t -> t.connectionWaits), sum(t -> t.waitsAtMax),
                sum(t -> t.opened), maxConnections);
    }

    private long sum(java.util.function.Function<Tally, java.util.concurrent.atomic.AtomicLong> counter) {
        long total = 0;
        for (Tally t : tallies) {
            total += counter.apply(t).get();
        }
        return total;
    }

    private long completed() {
        long total = 0;
        for (Tally t : tallies) {
            total += t.completed();
        }
        return total;
    }
}
