package io.tailguard.sim.windowed;

import io.tailguard.admission.Permit;
import java.util.ArrayDeque;

/**
 * Not thread-safe: the permits of requests still in the series' FIFO server, in finish order, and
 * when each leaves. Before a door decides at {@code t}, {@link #releaseUpTo} completes the permits
 * of the requests that left by then.
 *
 * <p><b>The published model's count (a lab adapter, not a policy).</b> The published model does
 * not track departures: it counts the system as {@code ceil((busyUntil - t) / 10)} in
 * floating-point milliseconds. Where a request's finish equals an arrival in real arithmetic but
 * lands an ulp after it (arrivals 3.33 ms apart, 10 ms service), that count still holds the
 * request, and the published door rejects an arrival a real one would admit (limit 1 under the
 * published bursty demand: 60.2 rps goodput, not 66.0). With {@code published}, the permits are
 * released down to that count instead, so the core door decides on the published number.
 */
public final class Departures {

    private final ArrayDeque<Permit> permits = new ArrayDeque<>();
    private final ArrayDeque<double[]> finishes = new ArrayDeque<>();
    private final boolean published;

    /** @param published whether to release down to the published model's count */
    public Departures(boolean published) {
        this.published = published;
    }

    /** Holds {@code permit} until its request finishes at {@code finishMs} (after every held one). */
    public void hold(Permit permit, double finishMs, boolean onTime) {
        permits.addLast(permit);
        finishes.addLast(new double[] {finishMs, onTime ? 1 : 0});
    }

    /** Completes the permits of requests that left {@code server} by {@code nowMs}. */
    public void releaseUpTo(double nowMs, Server server) {
        if (published) {
            long inSystem = server.occupancyAhead(nowMs);
            while (permits.size() > inSystem) {
                complete();
            }
            return;
        }
        while (!finishes.isEmpty() && finishes.peekFirst()[0] <= nowMs) {
            complete();
        }
    }

    /** A late completion is a drop: the signal an adaptive limit learns from. */
    private void complete() {
        Permit permit = permits.pollFirst();
        double[] finish = finishes.pollFirst();
        if (finish[1] == 1) {
            permit.onSuccess(SimEvents.nanos(finish[0]));
        } else {
            permit.onDropped(SimEvents.nanos(finish[0]));
        }
    }
}
