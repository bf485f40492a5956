package io.tailguard.lab.collapse;

import io.tailguard.sim.windowed.MillisHistogram;
import io.tailguard.sim.windowed.Server;
import io.tailguard.sim.windowed.SimEvents;

/**
 * Not thread-safe: one load-collapse run. Every attempt joins the FIFO server's line (a line of
 * 100 000, never full in the published runs) and is served even when its client has given up: an
 * attempt served past the 200 ms deadline wasted its slot, and a retrying client tries again 50 ms
 * after giving up (at most 3 retries, none at or after the window's end).
 */
final class CollapseModel {

    static final int QUEUE_CAPACITY = 100_000;
    static final int MAX_RETRIES = 3;
    static final double BACKOFF_MS = 50.0;

    private final boolean retries;
    private final long windowMs;
    private final SimEvents events = new SimEvents();
    private final Server server = new Server();
    private final MillisHistogram sojourns = new MillisHistogram();
    private long processed;
    private long rejected;
    private long goodput;
    private long wastedServed;
    private long occupancySum;

    private CollapseModel(boolean retries, long windowMs) {
        this.retries = retries;
        this.windowMs = windowMs;
    }

    /** Runs first attempts at {@code arrivalsMs} (all before the window's end) and returns the row. */
    static CollapseRow run(boolean retries, int offeredRps, double[] arrivalsMs, long windowMs) {
        CollapseModel model = new CollapseModel(retries, windowMs);
        // every first attempt is an event from the start, as the published model queues them all up front
        for (double t : arrivalsMs) {
            model.events.at(t, () -> model.attempt(t, 0));
        }
        model.events.run();
        return model.row(offeredRps);
    }

    private void attempt(double t, int attempt) {
        processed++;
        long occupancy = server.occupancyAhead(t);
        occupancySum += occupancy;
        if (occupancy >= QUEUE_CAPACITY) {
            rejected++;
            retry(t + BACKOFF_MS, attempt);
            return;
        }
        long sojourn = Server.sojourn(server.serve(t), t);
        sojourns.record(sojourn);
        if (Server.onTime(sojourn)) {
            goodput++;
        } else {
            wastedServed++;
            // the client gives up at its deadline, then backs off; the server still spent the slot
            retry(t + Server.DEADLINE_MS + BACKOFF_MS, attempt);
        }
    }

    private void retry(double at, int attempt) {
        if (retries && attempt < MAX_RETRIES && at < windowMs) {
            events.at(at, () -> attempt(at, attempt + 1));
        }
    }

    private CollapseRow row(int offeredRps) {
        double seconds = windowMs / 1000.0;
        return new CollapseRow(retries, offeredRps, processed / seconds, Math.min(offeredRps, Server.CAPACITY_RPS),
                goodput / seconds, Server.pct(wastedServed + rejected, processed, 0.0), sojourns.percentile(50.0),
                sojourns.percentile(99.0), processed == 0 ? 0.0 : (double) occupancySum / processed);
    }
}
