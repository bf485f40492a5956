package io.tailguard.lab.backpressure;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Test oracle: an independent re-implementation of the published lab's backpressure toy model
 * (labs-spec §4.5), written from the specification with its double arithmetic and per-second
 * Resilience4j windows. It exists only to check the real experiment, which runs the core policies
 * in the simulator, against what the published lab prints for arbitrary (duration, concurrency).
 */
final class PublishedModel {

    static final List<String> STRATEGIES = List.of(
            "token-bucket", "bounded-queue", "leaky-bucket", "load-shedder", "resilience4j-rate-limiter");

    private PublishedModel() {
    }

    /** Returns {summary CSV, snapshots CSV} for the given whole seconds and concurrency. */
    static String[] run(long durationMillis, int concurrency, List<String> strategies) {
        long seconds = Math.max(1, durationMillis / 1000);
        int incoming = Math.max(1, concurrency * 20);
        long total = incoming * seconds;
        long spacing = Math.max(1, 1000 / incoming);
        StringBuilder summary = new StringBuilder(
                "strategy,incoming_requests,accepted_requests,rejected_requests,acceptance_pct,p50_ms,p99_ms,max_buffered\n");
        StringBuilder snaps = new StringBuilder(
                "strategy,elapsed_s,accepted,rejected,throughput_rps,p50_ms,p99_ms,max_buffered\n");
        for (String strategy : strategies) {
            Controller controller = controller(strategy);
            Histogram run = new Histogram(60000, 3);
            Histogram interval = new Histogram(60000, 3);
            long accepted = 0;
            long rejected = 0;
            long iAccepted = 0;
            long iRejected = 0;
            int maxBuffered = 0;
            int iMaxBuffered = 0;
            for (long k = 0; k < total; k++) {
                long t = k * spacing;
                long elapsedSecond = Math.min(seconds, t / 1000 + 1);
                long latency = controller.admit(t);
                int buffered = controller.buffered();
                maxBuffered = Math.max(maxBuffered, buffered);
                iMaxBuffered = Math.max(iMaxBuffered, buffered);
                if (latency >= 0) {
                    accepted++;
                    iAccepted++;
                    run.recordValue(latency);
                    interval.recordValue(latency);
                } else {
                    rejected++;
                    iRejected++;
                }
                if ((k + 1) % incoming == 0) {
                    snaps.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%.1f,%.1f,%.1f,%d%n", strategy,
                            elapsedSecond, iAccepted, iRejected, (double) iAccepted,
                            pct(interval, 50.0), pct(interval, 99.0), iMaxBuffered).replace("\r\n", "\n"));
                    interval.reset();
                    iAccepted = 0;
                    iRejected = 0;
                    iMaxBuffered = 0;
                }
            }
            summary.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%.1f,%.1f,%.1f,%d\n", strategy, total,
                    accepted, rejected, accepted * 100.0 / total, pct(run, 50.0), pct(run, 99.0), maxBuffered));
        }
        return new String[] {summary.toString(), snaps.toString()};
    }

    private static double pct(Histogram h, double p) {
        return h.getTotalCount() == 0 ? 0.0 : (double) h.getValueAtPercentile(p);
    }

    private interface Controller {
        /** Returns the latency in ms, or -1 if rejected. */
        long admit(long t);

        int buffered();
    }

    private static Controller controller(String strategy) {
        switch (strategy) {
            case "token-bucket":
                return new Controller() {
                    double tokens = 100;
                    long last;

                    @Override
                    public long admit(long t) {
                        tokens = Math.min(100, tokens + Math.max(0, t - last) * 0.1);
                        last = t;
                        if (tokens < 1.0) {
                            return -1;
                        }
                        tokens -= 1.0;
                        return 10;
                    }

                    @Override
                    public int buffered() {
                        return 0;
                    }
                };
            case "bounded-queue":
                return new Completions(50, false, 10);
            case "leaky-bucket":
                return new Completions(25, true, 10);
            case "load-shedder":
                return new Completions(5, false, 50) {
                    @Override
                    public long admit(long t) {
                        drop(t);
                        if (done.size() >= cap) {
                            return -1;
                        }
                        done.addLast(t + 50);
                        return 50;
                    }
                };
            case "resilience4j-rate-limiter":
                return new Controller() {
                    long window = -1;
                    int used;

                    @Override
                    public long admit(long t) {
                        if (t / 1000 != window) {
                            window = t / 1000;
                            used = 0;
                        }
                        if (used >= 100) {
                            return -1;
                        }
                        used++;
                        return 10;
                    }

                    @Override
                    public int buffered() {
                        return 0;
                    }
                };
            default:
                throw new IllegalArgumentException(strategy);
        }
    }

    private static class Completions implements Controller {
        final ArrayDeque<Long> done = new ArrayDeque<>();
        final int cap;
        final boolean leaky;
        final long serviceMs;
        long nextLeak;

        Completions(int cap, boolean leaky, long serviceMs) {
            this.cap = cap;
            this.leaky = leaky;
            this.serviceMs = serviceMs;
        }

        void drop(long t) {
            while (!done.isEmpty() && done.peekFirst() <= t) {
                done.pollFirst();
            }
        }

        @Override
        public long admit(long t) {
            drop(t);
            if (done.size() >= cap) {
                return -1;
            }
            long completion;
            if (leaky) {
                completion = Math.max(t, nextLeak) + 10;
                nextLeak = completion;
            } else {
                long start = done.isEmpty() ? t : Math.max(t, done.peekLast());
                completion = start + serviceMs;
            }
            done.addLast(completion);
            return completion - t;
        }

        @Override
        public int buffered() {
            return done.size();
        }
    }
}
