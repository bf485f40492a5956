package io.tailguard.sim.lease;

import io.tailguard.balance.Balancer;
import io.tailguard.balance.LeastLoadedBalancer;
import io.tailguard.balance.PowerOfTwoChoicesBalancer;
import io.tailguard.balance.RoundRobinBalancer;
import io.tailguard.config.Check;
import io.tailguard.lease.AdaptiveLeaseSender;
import io.tailguard.lease.LeaseSender;
import io.tailguard.lease.LeaseStats;
import io.tailguard.lease.LeaseTicker;
import io.tailguard.lease.LeaseView;
import io.tailguard.lease.StaticLeaseSender;
import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.sim.SimScheduler;
import io.tailguard.sim.service.DelayTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Not thread-safe simulation of the RSocket lease demo on virtual time: one client sends one
 * request every millisecond (1000/s, open loop) to a proxy that picks one of three servers with a
 * core {@link Balancer} reading the proxy's {@link LeaseView}s; each {@link SaturableServer} guards
 * the demo's saturable service with a core lease gate, re-leased every second by a core
 * {@link LeaseTicker}. Leases reach the proxy at once (no network delay) and rejections happen at
 * the server. What happens is told to a {@link Listener}.
 *
 * <p>Events run on the simulator's {@link SimScheduler}: at equal times, lease grants scheduled
 * earlier come first, and a completion due at t runs before the arrival at t.
 */
public final class LeaseDemo {

    /** Servers behind the proxy. */
    public static final int SERVERS = 3;
    /** Requests the client sends per second. */
    public static final int OFFERED_RPS = 1000;
    /** How long a lease lives, and how often it is renewed. */
    public static final Duration TTL = Duration.ofSeconds(1);
    /** The latency an adaptive sender steers toward. */
    public static final Duration LATENCY_TARGET = Duration.ofMillis(20);
    /** An adaptive sender's first grant. */
    public static final int ADAPTIVE_INITIAL = 10;
    /** An adaptive sender's largest grant. */
    public static final int ADAPTIVE_MAX = 10_000;
    /** An adaptive sender's AIMD backoff ratio. */
    public static final double ADAPTIVE_BACKOFF = 0.97;

    private static final long MS = 1_000_000L;

    /** Thread-safe (immutable enum): how the proxy picks a server. */
    public enum Balancing {
        /** The server whose lease has the most left. */
        LEAST_LOADED,
        /** Power of two choices on lease availability. */
        P2C,
        /** Each server in turn. */
        ROUND_ROBIN
    }

    /**
     * Thread-safe (immutable) one run of the demo.
     *
     * @param adaptive       true for adaptive lease senders, false for static ones
     * @param leasedRequests requests per static lease; ignored when adaptive
     * @param balancing      how the proxy picks a server
     * @param duration       how long the client sends, at least a millisecond
     * @param seed           seed of every random draw of the run
     * @param heterogeneous  true if the last server's thresholds are halved
     */
    public record Setup(boolean adaptive, int leasedRequests, Balancing balancing, Duration duration, long seed,
                        boolean heterogeneous) {

        /** Validates the balancing and the duration. */
        public Setup {
            Check.notNull("balancing", balancing);
            Check.positive("duration", duration);
        }
    }

    /** Hears what happens in a run, in time order; times are whole milliseconds since the start. */
    public interface Listener {
        /** Server {@code server} granted {@code allowed} requests at {@code nowMillis}. */
        void lease(int server, long nowMillis, int allowed);

        /** Server {@code server} accepted a request at {@code nowMillis} that takes {@code latencyMillis}. */
        void accepted(int server, long nowMillis, long latencyMillis);

        /** Server {@code server} rejected a request at {@code nowMillis}. */
        void rejected(int server, long nowMillis);
    }

    private LeaseDemo() {
    }

    /** Runs {@code setup} to completion (every accepted request finishes), telling {@code listener}. */
    public static void run(Setup setup, Listener listener) {
        SimScheduler scheduler = new SimScheduler();
        SplittableRandom random = new SplittableRandom(setup.seed());
        DelayTable demo = DelayTable.parse(DelayTable.DEMO);
        long durationMillis = setup.duration().toMillis();

        SaturableServer[] servers = new SaturableServer[SERVERS];
        List<LeaseView> views = new ArrayList<>();
        List<LeaseTicker> tickers = new ArrayList<>();
        for (int i = 0; i < SERVERS; i++) {
            DelayTable model = setup.heterogeneous() && i == SERVERS - 1 ? demo.halved() : demo;
            LeaseSender sender;
            LeaseStats stats = null;
            if (setup.adaptive()) {
                AdaptiveLeaseSender adaptive = adaptiveSender(scheduler.nowNanos());
                stats = adaptive.stats();
                sender = adaptive;
            } else {
                sender = new StaticLeaseSender(StaticLeaseSender.Config.every(setup.leasedRequests(), TTL));
            }
            SaturableServer server = new SaturableServer(model, random.split(), stats);
            LeaseView view = new LeaseView();
            int index = i;
            tickers.add(new LeaseTicker(scheduler, sender, server.gate(), lease -> {
                long now = scheduler.nowNanos();
                view.onLease(now, lease);
                listener.lease(index, now / MS, lease.allowedRequests());
            }));
            servers[i] = server;
            views.add(view);
        }
        Balancer balancer = balancer(setup.balancing(), views, random.split());
        for (LeaseTicker ticker : tickers) {
            ticker.start();
        }
        scheduler.schedule(durationMillis * MS, () -> tickers.forEach(LeaseTicker::stop));
        scheduler.schedule(0L, new Client(scheduler, servers, views, balancer, listener, durationMillis));
        scheduler.runUntilIdle();
    }

    /** Returns the demo's adaptive lease sender: AIMD toward {@link #LATENCY_TARGET}, started at {@code startNanos}. */
    public static AdaptiveLeaseSender adaptiveSender(long startNanos) {
        AdaptiveLeaseSender.Config config = new AdaptiveLeaseSender.Config(
                LATENCY_TARGET, TTL, TTL, ADAPTIVE_INITIAL, ADAPTIVE_MAX);
        return new AdaptiveLeaseSender(config, seed -> new AimdLimit(
                new AimdLimitConfig(seed, 1, ADAPTIVE_MAX, ADAPTIVE_BACKOFF, LATENCY_TARGET)), startNanos);
    }

    private static Balancer balancer(Balancing balancing, List<LeaseView> views, SplittableRandom random) {
        return switch (balancing) {
            case LEAST_LOADED -> new LeastLoadedBalancer(views);
            case P2C -> new PowerOfTwoChoicesBalancer(views.size(),
                    new PowerOfTwoChoicesBalancer.Config(Duration.ofSeconds(1)), random);
            case ROUND_ROBIN -> new RoundRobinBalancer(views.size());
        };
    }

    /** The open-loop client: one request per millisecond, each arrival schedules the next. */
    private static final class Client implements Runnable {
        private final SimScheduler scheduler;
        private final SaturableServer[] servers;
        private final List<LeaseView> views;
        private final Balancer balancer;
        private final Listener listener;
        private final long durationMillis;

        Client(SimScheduler scheduler, SaturableServer[] servers, List<LeaseView> views,
               Balancer balancer, Listener listener, long durationMillis) {
            this.scheduler = scheduler;
            this.servers = servers;
            this.views = views;
            this.balancer = balancer;
            this.listener = listener;
            this.durationMillis = durationMillis;
        }

        @Override
        public void run() {
            long nowNanos = scheduler.nowNanos();
            long nowMillis = nowNanos / MS;
            int chosen = balancer.pick(nowNanos);
            views.get(chosen).onSent();
            SaturableServer server = servers[chosen];
            long delayMillis = server.handle(nowNanos);
            if (delayMillis < 0) {
                balancer.onComplete(nowNanos, chosen, 0L, false);
                listener.rejected(chosen, nowMillis);
            } else {
                listener.accepted(chosen, nowMillis, delayMillis);
                scheduler.schedule(delayMillis * MS, () -> {
                    long endNanos = scheduler.nowNanos();
                    server.complete(nowNanos, endNanos);
                    balancer.onComplete(endNanos, chosen, endNanos - nowNanos, true);
                });
            }
            if (nowMillis + 1 < durationMillis) {
                scheduler.schedule(MS, this);
            }
        }
    }
}
