package io.tailguard.lab.leases;

import io.tailguard.balance.Balancer;
import io.tailguard.balance.LeastLoadedBalancer;
import io.tailguard.balance.PowerOfTwoChoicesBalancer;
import io.tailguard.balance.RoundRobinBalancer;
import io.tailguard.lease.AdaptiveLeaseSender;
import io.tailguard.lease.LeaseSender;
import io.tailguard.lease.LeaseStats;
import io.tailguard.lease.LeaseTicker;
import io.tailguard.lease.LeaseView;
import io.tailguard.lease.StaticLeaseSender;
import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.sim.SimScheduler;
import io.tailguard.sim.lease.SaturableServer;
import io.tailguard.sim.service.DelayTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Not thread-safe simulation of the RSocket lease demo on virtual time: one client sends one
 * request every millisecond (1000/s, open loop) to a proxy that picks one of three servers with a
 * core {@link Balancer} reading the proxy's {@link LeaseView}s; each server guards the demo's
 * saturable service with a core lease gate, re-leased every second by a core {@link LeaseTicker}.
 * Leases reach the proxy at once (no network delay) and rejections happen at the server.
 *
 * <p>Events run on the simulator's {@link SimScheduler}: at equal times, lease grants scheduled
 * earlier come first, and a completion due at t runs before the arrival at t.
 */
final class LeasesModel {

    static final int SERVERS = 3;
    static final int OFFERED_RPS = 1000;
    static final Duration TTL = Duration.ofSeconds(1);
    static final Duration LATENCY_TARGET = Duration.ofMillis(20);
    static final int ADAPTIVE_INITIAL = 10;
    static final int ADAPTIVE_MAX = 10_000;
    static final double ADAPTIVE_BACKOFF = 0.97;

    private static final long MS = 1_000_000L;
    private static final long WARMUP_MILLIS = 1_000L;

    private LeasesModel() {
    }

    /** Runs one scenario to completion (every accepted request finishes) and returns its figures. */
    static LeasesRow run(LeasesScenario scenario) {
        SimScheduler scheduler = new SimScheduler();
        SplittableRandom random = new SplittableRandom(scenario.seed());
        DelayTable demo = DelayTable.parse(DelayTable.DEMO);
        long durationMillis = scenario.duration().toMillis();
        int seconds = (int) ((durationMillis + 999) / 1000);
        LeasesTally tally = new LeasesTally(SERVERS, seconds, WARMUP_MILLIS, durationMillis);

        SaturableServer[] servers = new SaturableServer[SERVERS];
        List<LeaseView> views = new ArrayList<>();
        List<LeaseTicker> tickers = new ArrayList<>();
        for (int i = 0; i < SERVERS; i++) {
            DelayTable model = scenario.heterogeneous() && i == SERVERS - 1 ? demo.halved() : demo;
            LeaseSender sender;
            LeaseStats stats = null;
            if (scenario.adaptive()) {
                AdaptiveLeaseSender adaptive = adaptiveSender(scheduler.nowNanos());
                stats = adaptive.stats();
                sender = adaptive;
            } else {
                sender = new StaticLeaseSender(StaticLeaseSender.Config.every(scenario.leasedRequests(), TTL));
            }
            SaturableServer server = new SaturableServer(model, random.split(), stats);
            LeaseView view = new LeaseView();
            int index = i;
            tickers.add(new LeaseTicker(scheduler, sender, server.gate(), lease -> {
                long now = scheduler.nowNanos();
                view.onLease(now, lease);
                tally.lease(index, now / MS, lease.allowedRequests());
            }));
            servers[i] = server;
            views.add(view);
        }
        Balancer balancer = balancer(scenario.balancer(), views, random.split());
        for (LeaseTicker ticker : tickers) {
            ticker.start();
        }
        scheduler.schedule(durationMillis * MS, () -> tickers.forEach(LeaseTicker::stop));
        scheduler.schedule(0L, new Client(scheduler, servers, views, balancer, tally, durationMillis));
        scheduler.runUntilIdle();
        return tally.result(scenario);
    }

    static AdaptiveLeaseSender adaptiveSender(long startNanos) {
        AdaptiveLeaseSender.Config config = new AdaptiveLeaseSender.Config(
                LATENCY_TARGET, TTL, TTL, ADAPTIVE_INITIAL, ADAPTIVE_MAX);
        return new AdaptiveLeaseSender(config, seed -> new AimdLimit(
                new AimdLimitConfig(seed, 1, ADAPTIVE_MAX, ADAPTIVE_BACKOFF, LATENCY_TARGET)), startNanos);
    }

    private static Balancer balancer(String name, List<LeaseView> views, SplittableRandom random) {
        switch (name) {
            case LeasesScenario.LEAST_LOADED:
                return new LeastLoadedBalancer(views);
            case LeasesScenario.P2C:
                return new PowerOfTwoChoicesBalancer(views.size(),
                        new PowerOfTwoChoicesBalancer.Config(Duration.ofSeconds(1)), random);
            case LeasesScenario.ROUND_ROBIN:
                return new RoundRobinBalancer(views.size());
            default:
                throw new IllegalArgumentException(
                        "balancer must be least-loaded, p2c or round-robin but was " + name);
        }
    }

    /** The open-loop client: one request per millisecond, each arrival schedules the next. */
    private static final class Client implements Runnable {
        private final SimScheduler scheduler;
        private final SaturableServer[] servers;
        private final List<LeaseView> views;
        private final Balancer balancer;
        private final LeasesTally tally;
        private final long durationMillis;

        Client(SimScheduler scheduler, SaturableServer[] servers, List<LeaseView> views,
               Balancer balancer, LeasesTally tally, long durationMillis) {
            this.scheduler = scheduler;
            this.servers = servers;
            this.views = views;
            this.balancer = balancer;
            this.tally = tally;
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
                tally.rejected(chosen, nowMillis);
            } else {
                tally.accepted(chosen, nowMillis, delayMillis);
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
