package io.tailguard.sim.path;

import io.tailguard.config.Check;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.List;

/**
 * Thread-safe (immutable) the clients of a simulated pool: when requests arrive, for how long, how
 * long each client waits for its answer before it leaves, which share tells the proxy that wait as
 * a deadline header, which client keys they carry and whether they may be hedged. Each arrival
 * picks one of the pool's routes and one client key uniformly.
 *
 * @param arrivals      the arrival process
 * @param duration      arrivals come strictly before this, greater than zero
 * @param patience      how long a client waits before it leaves
 * @param deadlineShare the share of requests whose deadline header equals their patience, in [0, 1]
 * @param clientKeys    the client keys, at least one
 * @param hedgeable     true if requests are idempotent and bodiless (GETs)
 */
public record Traffic(ArrivalSource arrivals, Duration duration, ServiceModel patience, double deadlineShare,
                      List<String> clientKeys, boolean hedgeable) {

    /** Validates every field. */
    public Traffic {
        Check.notNull("arrivals", arrivals);
        Check.positive("duration", duration);
        Check.notNull("patience", patience);
        Check.inRange("deadline-share", deadlineShare, 0.0, 1.0);
        clientKeys = List.copyOf(Check.notNull("clientKeys", clientKeys));
        if (clientKeys.isEmpty()) {
            throw new IllegalArgumentException("clientKeys must be a non-empty list but was []");
        }
    }

    /** Returns {@code arrivals} for {@code duration} from one client that waits {@code patience}, no deadline header. */
    public static Traffic of(ArrivalSource arrivals, Duration duration, ServiceModel patience) {
        return new Traffic(arrivals, duration, patience, 0.0, List.of("client"), true);
    }
}
