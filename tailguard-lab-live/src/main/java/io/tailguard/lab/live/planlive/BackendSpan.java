package io.tailguard.lab.live.planlive;

import io.tailguard.load.backend.ServiceBackend;
import io.tailguard.load.backend.ServiceStats;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe: what the live backends did over a step's measured span, read from their counters at
 * its start and its end: the requests served, and per request the drawn service time, how late its
 * timer ended it and how long a worker stood idle. Where the proxy always has work waiting, a
 * worker's idle time is the proxy's turnaround from one response to the next forward.
 */
final class BackendSpan implements AutoCloseable {

    /** The backends' counters, summed, at one moment. */
    private record Counters(long served, long busyNanos, long lateNanos, long idleNanos) {
    }

    /**
     * Per request served in the span, in milliseconds (NaN: none served).
     *
     * @param served    requests served
     * @param serviceMs drawn service time of the requests started in the span, per request served
     * @param lateMs    mean time a service ended after it was due (negative: before)
     * @param idleMs    worker idle time per request served
     */
    record Figures(long served, double serviceMs, double lateMs, double idleMs) {

        static final Figures NONE = new Figures(0, Double.NaN, Double.NaN, Double.NaN);
    }

    private final List<ServiceBackend> backends;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "plan-vs-live-backend-span");
        t.setDaemon(true);
        return t;
    });
    private Counters start;
    private Counters end;

    BackendSpan(List<ServiceBackend> backends, Duration warmup, Duration duration) {
        this.backends = List.copyOf(backends);
        timer.schedule(() -> mark(true), warmup.toNanos(), TimeUnit.NANOSECONDS);
        timer.schedule(() -> mark(false), warmup.plus(duration).toNanos(), TimeUnit.NANOSECONDS);
    }

    private void mark(boolean first) {
        long served = 0;
        long busy = 0;
        long late = 0;
        long idle = 0;
        for (ServiceBackend backend : backends) {
            ServiceStats stats = backend.stats();
            served += stats.served();
            busy += stats.line().busyNanos();
            late += stats.lateNanos();
            idle += stats.line().idleNanos();
        }
        Counters now = new Counters(served, busy, late, idle);
        synchronized (this) {
            if (first) {
                start = now;
            } else {
                end = now;
            }
        }
    }

    /** Returns the span's figures, {@link Figures#NONE} if the span was not read in full. */
    synchronized Figures figures() {
        if (start == null || end == null || end.served() <= start.served()) {
            return Figures.NONE;
        }
        double n = end.served() - start.served();
        return new Figures(end.served() - start.served(), (end.busyNanos() - start.busyNanos()) / n / 1e6,
                (end.lateNanos() - start.lateNanos()) / n / 1e6, (end.idleNanos() - start.idleNanos()) / n / 1e6);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
