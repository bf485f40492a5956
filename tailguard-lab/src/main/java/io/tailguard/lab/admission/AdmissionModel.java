package io.tailguard.lab.admission;

import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.sim.windowed.Departures;
import io.tailguard.sim.windowed.MillisHistogram;
import io.tailguard.sim.windowed.Server;
import io.tailguard.sim.windowed.SimEvents;

/**
 * Not thread-safe: one admission-control run. The door is core's fixed {@link ConcurrencyLimiter},
 * holding one permit per request in the system (waiting or in service); a permit is released once
 * its request has left, before the next arrival is judged ({@link Departures}). No limit means no
 * door at all.
 */
final class AdmissionModel {

    /** The published "none": no limit. */
    static final int NO_LIMIT = Integer.MAX_VALUE;

    private AdmissionModel() {
    }

    static AdmissionRow run(double[] arrivalsMs, int limit, long windowMs, boolean published) {
        ConcurrencyLimiter door = limit == NO_LIMIT ? null : ConcurrencyLimiter.fixed(limit);
        Server server = new Server();
        Departures inSystem = new Departures(published);
        MillisHistogram sojourns = new MillisHistogram();
        long[] counts = new long[3]; // rejected, good, late
        SimEvents.replay(arrivalsMs, i -> {
            double t = arrivalsMs[i];
            Permit permit = null;
            if (door != null) {
                inSystem.releaseUpTo(t, server);
                Decision decision = door.tryAcquire(SimEvents.nanos(t));
                if (!(decision instanceof Permit p)) {
                    counts[0]++;
                    return;
                }
                permit = p;
            }
            double finish = server.serve(t);
            long sojourn = Server.sojourn(finish, t);
            sojourns.record(sojourn);
            boolean onTime = Server.onTime(sojourn);
            counts[onTime ? 1 : 2]++;
            if (permit != null) {
                inSystem.hold(permit, finish, onTime);
            }
        });
        long n = arrivalsMs.length;
        double seconds = windowMs / 1000.0;
        long served = counts[1] + counts[2];
        return new AdmissionRow(limit, n / seconds, counts[1] / seconds, Server.pct(counts[0], n, 0.0),
                Server.pct(counts[2], n, 0.0), sojourns.percentile(99.0),
                Math.min(100.0, 100.0 * served * Server.SERVICE_MS / windowMs));
    }
}
