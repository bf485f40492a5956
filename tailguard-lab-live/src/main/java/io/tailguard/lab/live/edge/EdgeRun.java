package io.tailguard.lab.live.edge;

import io.tailguard.lab.live.process.Front;
import io.tailguard.time.NanoClock;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless) run of one setup: a fresh Puma and a fresh proxy, the clients, then a
 * wait until the backend has drained every request the proxy handed it, so a request the backend
 * served long after its client left is counted. Everything is stopped at the end, also on failure.
 */
final class EdgeRun {

    /** The article's nginx {@code max_conns}: the backend's one thread plus twice that waiting. */
    static final int ARTICLE_MAX_CONNS = 3;

    private EdgeRun() {
    }

    /** Checks every program {@code setups} need before any server starts. */
    static void requirePrograms(List<EdgeSetup> setups) {
        RackBackend.requirePuma();
        for (EdgeSetup setup : setups) {
            switch (setup.proxy()) {
                case NGINX, NGINX_MAX_CONNS -> NginxFrontend.requireNginx();
                case HAPROXY -> HaproxyFrontend.requireHaproxy();
                case TAILGUARD -> { }
                default -> throw new IllegalStateException("unknown proxy " + setup.proxy());
            }
        }
    }

    /**
     * Runs {@code setup} and returns one row per client, in start order.
     *
     * @param pumaPrecheck whether Puma skips requests whose connection closed while they waited
     */
    static List<EdgeRow> run(EdgeSetup setup, EdgeTiming timing, boolean pumaPrecheck, NanoClock clock)
            throws InterruptedException {
        try (RackBackend backend = RackBackend.start(timing.serviceTime(), pumaPrecheck, clock);
             Front frontend = frontend(setup, backend.port(), timing)) {
            List<EdgeClients.Outcome> outcomes = new EdgeClients(clock).run(setup, frontend.port(), timing);
            if (!backend.log().awaitQuiet(timing.quietPeriod(), timing.drainLimit())) {
                throw new IllegalStateException("the backend of setup " + setup.name() + " was still busy "
                        + timing.drainLimit().toSeconds() + " s after the clients finished");
            }
            List<EdgeRow> rows = new ArrayList<>();
            for (EdgeClients.Outcome o : outcomes) {
                rows.add(row(setup, o, backend.log().work(o.id()).filter(BackendLog.Work::done).orElse(null)));
            }
            return rows;
        }
    }

    /**
     * Joins what a client saw with what the backend did. A request the backend finished reached its
     * client exactly when the client got a 2xx: any other answer (a proxy's 504, the client giving
     * up) means the client was gone before the backend's result could arrive. Judging that from the
     * two timestamps instead would misjudge photo finishes, because the backend's "done" line
     * reaches the lab through a pipe a few milliseconds after the fact.
     */
    private static EdgeRow row(EdgeSetup setup, EdgeClients.Outcome o, BackendLog.Work work) {
        boolean served = work != null;
        boolean gone = served && !o.status().startsWith("2");
        return new EdgeRow(setup.name(), o.request(), o.status(), o.clientSeconds(), served, gone,
                served ? work.seconds() : 0);
    }

    private static Front frontend(EdgeSetup setup, int backendPort, EdgeTiming timing)
            throws InterruptedException {
        return switch (setup.proxy()) {
            case NGINX -> NginxFrontend.start(backendPort, timing, 0);
            case NGINX_MAX_CONNS -> NginxFrontend.start(backendPort, timing, ARTICLE_MAX_CONNS);
            case HAPROXY -> HaproxyFrontend.start(backendPort, timing);
            case TAILGUARD -> TailguardFrontend.start(backendPort, timing);
        };
    }
}
