package io.tailguard.path;

import io.tailguard.time.VirtualScheduler;
import java.util.SplittableRandom;

/** A route over one pool on a virtual scheduler, its commands recorded: the common ground of the route tests. */
abstract class RouteFixture {

    static final long MS = 1_000_000L;
    static final long NONE = Long.MAX_VALUE;

    final VirtualScheduler scheduler = new VirtualScheduler();
    final RecordingHost host = new RecordingHost();

    long now() {
        return scheduler.clock().nanoTime();
    }

    PathRoute<String> route(PoolSettings pool, RouteSettings route) {
        DecisionPath<String> path = new DecisionPath<>(pool, scheduler, host, new SplittableRandom(7));
        return new PathRoute<>(route, path, scheduler, now());
    }
}
