package io.tailguard.sim.path;

import io.tailguard.config.Check;
import io.tailguard.path.Completion;
import io.tailguard.path.DecisionPath;
import io.tailguard.path.LocalAnswer;
import io.tailguard.path.PathHost;
import io.tailguard.path.PathRoute;
import io.tailguard.path.PoolSettings;
import io.tailguard.path.RouteSettings;
import io.tailguard.sim.RandomStreams;
import io.tailguard.sim.SimScheduler;
import io.tailguard.sim.arrival.ArrivalStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe, runs once: one pool's core {@link DecisionPath}, with its routes' core
 * {@link PathRoute}s in front, driven in virtual time by simulated clients and backends. The
 * decision path is the proxy's own object; this class is only its host: it turns a forward into a
 * job on a {@link BackendModel}, a job's end into the path's events, a client's patience running out
 * into a departure. The same seed and arguments give the same result.
 */
public final class PathSimulation {

    /**
     * The hop {@code tailguard plan} assumes when told none: a forward's time from the tailguard
     * proxy to a backend on the same host and back, measured at low load as the median of the proxy's
     * upstream time (its access log's {@code upstream_ms}) less the backend's fixed service time
     * (tailguard-lab-live's README, {@code lab plan-vs-live}). A proxy on another host than its
     * backends has the network's round trip to add.
     */
    public static final String DEFAULT_HOP = "850us";

    /** How often the pool's limit is sampled for {@link PathResult#meanLimit()}, as a live sampler would. */
    public static final Duration LIMIT_SAMPLE = Duration.ofMillis(100);

    private final SimScheduler scheduler = new SimScheduler();
    private final DecisionPath<SimRequest> path;
    private final List<PathRoute<SimRequest>> routes = new ArrayList<>();
    private final List<SimBackend> backends = new ArrayList<>();
    private final Traffic traffic;
    private final RandomGenerator choices;
    private final RandomGenerator patience;
    private final ArrivalStream arrivals;
    private final long durationNanos;
    private final long warmupNanos;
    private final long requestLegNanos;
    private final long responseLegNanos;
    private final long[] answers = new long[LocalAnswer.values().length];
    private final Histogram goodputMicros = new Histogram(3_600_000_000L, 3);
    private long offered;
    private long goodput;
    private long gone;
    private double limitSum;
    private long limitSamples;
    private int[] limitTrace = new int[64];
    private boolean ran;

    private PathSimulation(PoolSettings pool, List<RouteSettings> routeSettings, List<BackendModel> models,
                           Traffic traffic, long seed, long warmupNanos, long hopNanos) {
        Check.notNull("pool", pool);
        Check.notNull("routes", routeSettings);
        Check.notNull("backends", models);
        if (routeSettings.isEmpty()) {
            throw new IllegalArgumentException("routes must be a non-empty list but was []");
        }
        if (models.size() != pool.backends()) {
            throw new IllegalArgumentException("backends must have one model per backend of pool " + pool.name()
                    + " (" + pool.backends() + ") but had " + models.size());
        }
        this.traffic = Check.notNull("traffic", traffic);
        this.path = new DecisionPath<>(pool, scheduler, new Host(), RandomStreams.stream(seed, "balancer"));
        for (RouteSettings route : routeSettings) {
            routes.add(new PathRoute<>(route, path, scheduler, 0L));
        }
        for (int i = 0; i < models.size(); i++) {
            backends.add(new SimBackend(scheduler, models.get(i), RandomStreams.stream(seed, "backend-" + i),
                    this::finished));
        }
        this.choices = RandomStreams.stream(seed, "choices");
        this.patience = RandomStreams.stream(seed, "patience");
        this.arrivals = traffic.arrivals().open(RandomStreams.stream(seed, "arrivals"));
        this.durationNanos = traffic.duration().toNanos();
        if (warmupNanos < 0 || warmupNanos >= durationNanos) {
            throw new IllegalArgumentException("warmup must be at least 0 and shorter than the traffic's duration ("
                    + traffic.duration() + ") but was " + Duration.ofNanos(warmupNanos));
        }
        this.warmupNanos = warmupNanos;
        if (hopNanos < 0) {
            throw new IllegalArgumentException("hop must be at least 0 but was " + Duration.ofNanos(hopNanos));
        }
        this.requestLegNanos = hopNanos / 2;
        this.responseLegNanos = hopNanos - hopNanos / 2;
    }

    /**
     * Runs {@code pool} with {@code routes} in front of it (each arrival picks one uniformly) and one
     * {@link BackendModel} per backend, under {@code traffic}, seeded by {@code seed}; arrivals stop
     * at the traffic's duration and the run goes on until every request is over.
     */
    public static PathResult run(PoolSettings pool, List<RouteSettings> routes, List<BackendModel> backends,
                                 Traffic traffic, long seed) {
        return new PathSimulation(pool, routes, backends, traffic, seed, 0L, 0L).run();
    }

    /**
     * Runs as {@link #run(PoolSettings, List, List, Traffic, long)} does, but counts only the
     * requests arriving from {@code warmup} on, as a live load generator measures after its warm-up:
     * the decision path and the backends carry what the warm-up left (an adaptive limit's value, a
     * queue) into the measured span. Backend busy and wasted time still count every request.
     */
    public static PathResult run(PoolSettings pool, List<RouteSettings> routes, List<BackendModel> backends,
                                 Traffic traffic, long seed, Duration warmup) {
        return run(pool, routes, backends, traffic, seed, warmup, Duration.ZERO);
    }

    /**
     * Runs as {@link #run(PoolSettings, List, List, Traffic, long, Duration)} does, with a proxy hop
     * of {@code hop} per forward: half of it between the path's forward and the backend's reading
     * the request, half between the backend's answer and the path's hearing of it. The backend's
     * worker is free during both halves while the attempt still holds its permit, so a pool whose
     * cap equals its workers keeps each worker idle for one hop per request: saturated, {@code W}
     * workers with a mean service time {@code s} serve {@code W / (s + hop)} requests a second.
     */
    public static PathResult run(PoolSettings pool, List<RouteSettings> routes, List<BackendModel> backends,
                                 Traffic traffic, long seed, Duration warmup, Duration hop) {
        return new PathSimulation(pool, routes, backends, traffic, seed, Check.notNull("warmup", warmup).toNanos(),
                Check.notNull("hop", hop).toNanos()).run();
    }

    private PathResult run() {
        if (ran) {
            throw new IllegalStateException("a PathSimulation runs once");
        }
        ran = true;
        scheduleNextArrival();
        scheduler.schedule(warmupNanos, this::sampleLimit);
        scheduler.runUntilIdle();
        long busy = 0;
        long wasted = 0;
        for (SimBackend backend : backends) {
            busy += backend.busyNanos();
            wasted += backend.wastedNanos();
        }
        return new PathResult(path.settings().name(), offered, goodput, answers.clone(), gone, goodputMicros, wasted,
                busy, durationNanos - warmupNanos, limitSamples == 0 ? Double.NaN : limitSum / limitSamples,
                Arrays.copyOf(limitTrace, (int) limitSamples));
    }

    private void sampleLimit() {
        int limit = 0;
        for (int i = 0; i < backends.size(); i++) {
            limit += path.limit(i);
        }
        limitSum += limit;
        if (limitSamples == limitTrace.length) {
            limitTrace = Arrays.copyOf(limitTrace, 2 * limitTrace.length);
        }
        limitTrace[(int) limitSamples] = limit;
        limitSamples++;
        long next = scheduler.nowNanos() + LIMIT_SAMPLE.toNanos();
        if (next < durationNanos) {
            scheduler.schedule(LIMIT_SAMPLE.toNanos(), this::sampleLimit);
        }
    }

    private void scheduleNextArrival() {
        long at = arrivals.nextNanos();
        if (at == ArrivalStream.END || at >= durationNanos) {
            return;
        }
        scheduler.schedule(at - scheduler.nowNanos(), this::arrive);
    }

    private void arrive() {
        long nowNanos = scheduler.nowNanos();
        long patienceNanos = Math.max(1L, traffic.patience().sampleNanos(patience));
        SimRequest request = new SimRequest(nowNanos, patienceNanos, nowNanos >= warmupNanos);
        if (request.measured) {
            offered++;
        }
        PathRoute<SimRequest> route = routes.get(routes.size() == 1 ? 0 : choices.nextInt(routes.size()));
        List<String> keys = traffic.clientKeys();
        String key = keys.get(keys.size() == 1 ? 0 : choices.nextInt(keys.size()));
        boolean sendsDeadline = traffic.deadlineShare() > 0.0 && choices.nextDouble() < traffic.deadlineShare();
        request.ticket = route.arrive(request, key, sendsDeadline ? patienceNanos : Long.MAX_VALUE,
                traffic.hedgeable(), nowNanos);
        if (!request.finished()) {
            scheduler.schedule(patienceNanos, () -> patienceOver(request));
        }
        scheduleNextArrival();
    }

    private void patienceOver(SimRequest request) {
        if (request.finished()) {
            return;
        }
        request.left = true;
        if (request.measured) {
            gone++;
        }
        path.clientLeft(request.ticket, scheduler.nowNanos());
    }

    /** Not thread-safe: carries the path's commands out on the simulated backends. */
    private final class Host implements PathHost<SimRequest> {

        @Override
        public void forward(SimRequest request, int backend, int attempt) {
            SimBackend server = backends.get(backend);
            Job job = new Job(request, attempt, server);
            request.put(attempt, job);
            // the connection opens or is refused after the command returns and the request's leg of
            // the hop, as a socket's would
            scheduler.schedule(requestLegNanos, () -> {
                if (server.refuses()) {
                    path.refused(request.ticket, attempt, scheduler.nowNanos());
                } else {
                    path.connected(request.ticket, attempt, scheduler.nowNanos());
                    if (job.cancelled) {
                        path.ended(request.ticket, attempt, Completion.IGNORED, scheduler.nowNanos());
                    } else {
                        job.accepted = true;
                        server.accept(job);
                    }
                }
            });
        }

        @Override
        public void answer(SimRequest request, LocalAnswer answer, long retryAfterSeconds) {
            if (request.finished()) {
                return;
            }
            request.answer = answer;
            if (request.measured) {
                answers[answer.ordinal()]++;
            }
        }

        @Override
        public void cancel(SimRequest request, int attempt) {
            Job job = request.jobs[attempt];
            if (job.backend.cancel(job)) {
                scheduler.schedule(0L, () -> path.ended(request.ticket, attempt, Completion.IGNORED, scheduler.nowNanos()));
            } else if (job.accepted) {
                // as the proxy does once the command has returned: an attempt whose client left and
                // whose permit the path holds ends when its backend is done; any other is closed now
                scheduler.schedule(0L, () -> {
                    if (!(request.left && request.ticket.holding(attempt))) {
                        path.ended(request.ticket, attempt, Completion.IGNORED, scheduler.nowNanos());
                    }
                });
            }
        }
    }

    private void finished(Job job) {
        if (responseLegNanos == 0) {
            heard(job);
        } else {
            scheduler.schedule(responseLegNanos, () -> heard(job));
        }
    }

    /** The path hears the end of {@code job}'s response, the response's leg of the hop after the backend sent it. */
    private void heard(Job job) {
        SimRequest request = job.request;
        long nowNanos = scheduler.nowNanos();
        boolean won = !job.cancelled && path.responded(request.ticket, job.attempt, nowNanos);
        // a cancelled attempt's answer is read and dropped, as the proxy's departure does: it teaches
        // the limit nothing (its time includes the wait of a client that had gone)
        path.ended(request.ticket, job.attempt, job.cancelled ? Completion.IGNORED : Completion.SUCCESS, nowNanos);
        if (won && !request.finished()) {
            request.delivered = true;
            if (request.measured) {
                goodput++;
                goodputMicros.recordValue(Math.min(goodputMicros.getHighestTrackableValue(),
                        (nowNanos - request.arrivalNanos) / 1000L));
            }
        } else {
            job.backend.wasted(job);
        }
    }
}
