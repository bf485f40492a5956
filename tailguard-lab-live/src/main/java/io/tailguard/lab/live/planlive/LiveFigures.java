package io.tailguard.lab.live.planlive;

import io.tailguard.load.StepResult;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe (the histogram is mutable; treat it as read-only): what the live clients of one
 * step saw, summed over its generators: goodput is a 2xx answered within the client's patience.
 *
 * @param seconds  the measured time
 * @param offered  measured requests scheduled
 * @param goodput  answered 2xx before the timeout
 * @param rejected answered 429 or 503
 * @param timeouts not answered within the patience (the client left)
 * @param errors   other statuses or lost connections
 * @param success  due time to response of the goodput, nanoseconds
 * @param behindMaxNanos the most a generator sent a request after its due time
 * @param backend  what the backends did over the measured span: drawn service, timer lateness and
 *                 worker idle time per request (this machine's timers; the plan's are exact)
 * @param limit    the proxy's pool limit from its {@code /metrics} over the measured span
 */
record LiveFigures(double seconds, long offered, long goodput, long rejected, long timeouts, long errors,
                   Histogram success, long behindMaxNanos, BackendSpan.Figures backend, LimitTrace limit) {

    /** Nothing measured yet. */
    static final LiveFigures EMPTY = new LiveFigures(0, 0, 0, 0, 0, 0, null, 0, BackendSpan.Figures.NONE, LimitTrace.NONE);

    static LiveFigures of(StepResult step) {
        return new LiveFigures(step.durationSeconds(), step.scheduled(), step.ok(), step.shed(), step.timeouts(),
                step.errors(), step.success(), step.behindMaxNanos(), BackendSpan.Figures.NONE, LimitTrace.NONE);
    }

    /** Returns these figures with the backends' span. */
    LiveFigures withBackend(BackendSpan.Figures span) {
        return new LiveFigures(seconds, offered, goodput, rejected, timeouts, errors, success, behindMaxNanos, span,
                limit);
    }

    /** Returns these figures with the proxy's limit over the measured span. */
    LiveFigures withLimit(LimitTrace limit) {
        return new LiveFigures(seconds, offered, goodput, rejected, timeouts, errors, success, behindMaxNanos,
                backend, limit);
    }

    /** Returns both steps' figures together (they ran at the same time, so the seconds are not added). */
    LiveFigures plus(LiveFigures other) {
        Histogram sum;
        if (success == null) {
            sum = other.success.copy();
        } else {
            sum = success.copy();
            sum.add(other.success);
        }
        return new LiveFigures(Math.max(seconds, other.seconds), offered + other.offered, goodput + other.goodput,
                rejected + other.rejected, timeouts + other.timeouts, errors + other.errors, sum,
                Math.max(behindMaxNanos, other.behindMaxNanos), backend, limit);
    }

    /** Returns {@code count} per measured second. */
    double perSecond(long count) {
        return count / seconds;
    }

    /** Returns the goodput latency at {@code percentile} in milliseconds, NaN when there was none. */
    double goodputMillis(double percentile) {
        return success == null || success.getTotalCount() == 0 ? Double.NaN
                : success.getValueAtPercentile(percentile) / 1e6;
    }
}
