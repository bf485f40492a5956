package io.tailguard.cli.plan;

import io.tailguard.cli.UsageException;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.path.Traffic;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (immutable): the plan's clients, the same for every pool, load and configuration:
 * how they arrive, how long they wait, which share sends that wait as a deadline, how many client
 * keys there are, for how long, and the hop each of their requests takes through the proxy to a
 * backend and back.
 *
 * @param arrivals      constant, poisson or bursty
 * @param patience      how long a client waits before it leaves
 * @param deadlineShare the share sending a deadline header equal to its patience
 * @param clients       how many client keys
 * @param duration      simulated time of each run
 * @param hop           the proxy's time per forward, request and response legs together
 */
record PlanTraffic(String arrivals, ServiceModel patience, double deadlineShare, int clients, Duration duration,
                   Duration hop) {

    static String checkArrivals(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(java.util.Locale.ROOT);
        if (!t.equals("constant") && !t.equals("poisson") && !t.equals("bursty")) {
            throw new UsageException("--arrivals must be one of constant, poisson, bursty but was '" + text + "'");
        }
        return t;
    }

    /** Returns the traffic of one run at {@code rps}. */
    Traffic at(double rps) {
        ArrivalSource source = switch (arrivals) {
            case "constant" -> ArrivalSource.constantRate(rps);
            case "poisson" -> ArrivalSource.poisson(rps);
            // one second at 1.8 times the rate, one at 0.2 times: the same mean, in bursts
            default -> ArrivalSource.onOff(Duration.ofSeconds(1), 1.8 * rps, Duration.ofSeconds(1), 0.2 * rps, true);
        };
        List<String> keys = new ArrayList<>();
        for (int i = 1; i <= clients; i++) {
            keys.add("client-" + i);
        }
        return new Traffic(source, duration, patience, deadlineShare, keys, true);
    }
}
