package io.tailguard.sim;

import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.config.Check;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.arrival.ArrivalStream;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe, single-use discrete-event simulation of one arrival source feeding one
 * {@link Station}, in virtual nanoseconds.
 *
 * <p>Event order: time ascending; at equal times, service completions first, then queue wake-ups,
 * then tasks given to its {@link #scheduler()}, then arrivals; within a kind, the order in which the events were scheduled. Arrivals come from
 * the source in its order and only those before the horizon are simulated. Each arrival is put to
 * the gates in order, one core {@link AdmissionPolicy#chain chain}, with its arrival time as
 * {@code nowNanos}; if one refuses, the chain gives back the permits already granted (as ignored)
 * and the request is rejected. An admitted request
 * starts service at once if a worker is free and nobody waits, otherwise it is offered to the
 * queue ({@code QUEUE_FULL} rejects it, and its permit gets {@code onDropped}). At completion its
 * permit gets {@code onSuccess(now)} and its latency (completion − arrival) is recorded; shed
 * requests' permits get {@code onDropped}.
 *
 * <p>Randomness: the arrival source and the service model each draw from their own stream
 * derived from the seed ({@link RandomStreams}), so the same seed and configuration give the same
 * result.
 */
public final class Simulation {

    private static final AdmissionPolicy ALWAYS = nowNanos -> Permit.noop();

    private final Function<String, RandomGenerator> randomStreams;
    private final long horizonNanos;
    private final long maxArrivals;
    private final boolean drain;
    private final ArrivalSource arrivals;
    private final Station station;
    private final HistogramSpec histogram;
    private final long intervalNanos;
    private final SimulationListener listener;
    private final SimScheduler scheduler = new SimScheduler();
    private boolean ran;

    // run state
    private EventQueue events;
    private Recorder recorder;
    private StationQueue queue;
    private boolean shaping;
    private AdmissionPolicy gates;
    private ServiceModel service;
    private RandomGenerator serviceRandom;
    private int workers;
    private int busy;
    private int queued;
    private long wakeAtNanos = Long.MAX_VALUE;
    private StationJob[] jobs;
    private int[] free;
    private int freeCount;
    private long nextId;

    private Simulation(Builder b) {
        long seed = b.seed;
        this.randomStreams = b.randomStreams != null ? b.randomStreams : name -> RandomStreams.stream(seed, name);
        this.horizonNanos = b.horizonNanos;
        this.maxArrivals = b.maxArrivals;
        this.drain = b.drain;
        this.arrivals = b.arrivals;
        this.station = b.station;
        this.histogram = b.histogram;
        this.intervalNanos = b.intervalNanos;
        this.listener = b.listener;
    }

    /**
     * Starts a builder; arrivals and a station are required, and a horizon or an arrival cap unless
     * the source ends by itself (a trace).
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the engine's {@link io.tailguard.time.Scheduler} view, for gates, listeners and models
     * that need timers in this run's virtual time (a lease ticker re-leasing a gate). Its tasks run
     * after the completions and before the arrivals due at the same time, while the run lasts:
     * before the horizon, and after it only while arrivals remain or (draining) the station
     * still holds jobs; tasks due later never run.
     */
    public SimScheduler scheduler() {
        return scheduler;
    }

    /** Runs the simulation to its end and returns the result; a simulation runs only once. */
    public SimulationResult run() {
        if (ran) {
            throw new IllegalStateException("a Simulation runs once; build a new one with fresh gates");
        }
        ran = true;
        setUp();
        listener.onStart(recorder);
        ArrivalStream stream = arrivals.open(newStream("arrivals"));
        long nextArrival = nextArrival(stream, Long.MIN_VALUE);
        long lastNanos = 0;
        while (true) {
            long eventNanos = events.peekTimeNanos();
            if (nextArrival < eventNanos) {
                recorder.advanceTo(nextArrival);
                scheduler.moveTo(nextArrival);
                lastNanos = nextArrival;
                arrive(nextArrival);
                nextArrival = nextArrival(stream, nextArrival);
            } else if (eventNanos != Long.MAX_VALUE && runs(eventNanos, nextArrival)) {
                int kind = events.peekKind();
                int payload = events.poll();
                recorder.advanceTo(eventNanos);
                scheduler.moveTo(eventNanos);
                lastNanos = eventNanos;
                if (kind == EventQueue.COMPLETION) {
                    complete(jobs[payload], eventNanos);
                } else if (kind == EventQueue.WAKE) {
                    wakeAtNanos = Long.MAX_VALUE;
                    dispatch(eventNanos);
                } else {
                    scheduler.runTask(payload);
                }
            } else {
                break;
            }
        }
        long endNanos = drain ? Math.max(lastNanos, horizonNanos == Long.MAX_VALUE ? lastNanos : horizonNanos)
                : (horizonNanos == Long.MAX_VALUE ? lastNanos : horizonNanos);
        return recorder.finish(endNanos, workers);
    }

    /** Whether the earliest event, due at {@code eventNanos}, still belongs to the run. */
    private boolean runs(long eventNanos, long nextArrival) {
        if (eventNanos < horizonNanos) {
            return true;
        }
        if (!drain) {
            return false;
        }
        // a station event after the horizon is the drain itself; a task only while work remains
        return events.peekKind() != EventQueue.TASK || nextArrival != Long.MAX_VALUE || busy + queued > 0;
    }

    private long nextArrival(ArrivalStream stream, long previousNanos) {
        if (nextId >= maxArrivals) {
            return Long.MAX_VALUE;
        }
        long t = stream.nextNanos();
        if (t == ArrivalStream.END || t >= horizonNanos) {
            return Long.MAX_VALUE;
        }
        if (t < previousNanos || t < 0) {
            throw new IllegalStateException("arrival times must be non-negative and non-decreasing but "
                    + t + " followed " + previousNanos);
        }
        return t;
    }

    private void arrive(long nowNanos) {
        StationJob job = allocate();
        job.id = nextId++;
        job.arrivalNanos = nowNanos;
        recorder.arrival();
        listener.onArrival(job.id, nowNanos);
        Decision decision = gates.tryAcquire(nowNanos);
        if (!decision.isAdmitted()) {
            reject(job, decision.reason(), nowNanos);
            return;
        }
        job.permit = decision.permit();
        if (queued == 0 && busy < workers && !shaping) {
            recorder.accepted(false);
            listener.onAdmitted(job.id, nowNanos);
            start(job, nowNanos, false);
            return;
        }
        RejectReason refused = queue.offer(job, nowNanos);
        if (refused != null) {
            dropPermit(job, nowNanos);
            reject(job, refused, nowNanos);
            return;
        }
        queued++;
        recorder.accepted(true);
        listener.onAdmitted(job.id, nowNanos);
        dispatch(nowNanos);
    }

    private void reject(StationJob job, RejectReason reason, long nowNanos) {
        recorder.rejected(reason);
        listener.onRejected(job.id, reason, nowNanos);
        release(job);
    }

    private void start(StationJob job, long nowNanos, boolean fromQueue) {
        busy++;
        job.startNanos = nowNanos;
        recorder.started(nowNanos - job.arrivalNanos, fromQueue);
        listener.onStarted(job.id, job.arrivalNanos, nowNanos);
        long serviceNanos = service.sampleNanos(serviceRandom);
        events.push(nowNanos + Math.max(0L, serviceNanos), EventQueue.COMPLETION, job.slot);
    }

    private void complete(StationJob job, long nowNanos) {
        busy--;
        job.permit.onSuccess(nowNanos);
        job.permit = null;
        recorder.completed(nowNanos - job.arrivalNanos);
        listener.onCompleted(job.id, job.arrivalNanos, job.startNanos, nowNanos);
        release(job);
        if (queued > 0) {
            dispatch(nowNanos);
        }
    }

    /** Moves waiting jobs to free workers; schedules a wake-up if a shaper holds jobs back. */
    private void dispatch(long nowNanos) {
        while (busy < workers && queued > 0) {
            StationJob next = queue.poll(nowNanos);
            if (next == null) {
                if (queued > 0) {
                    long readyNanos = queue.nextReadyNanos();
                    if (readyNanos != Long.MAX_VALUE && readyNanos > nowNanos && readyNanos < wakeAtNanos) {
                        wakeAtNanos = readyNanos;
                        events.push(readyNanos, EventQueue.WAKE, -1);
                    }
                }
                return;
            }
            start(next, nowNanos, true);
        }
    }

    private void shed(StationJob job, RejectReason reason, long nowNanos) {
        queued--;
        dropPermit(job, nowNanos);
        recorder.shed(reason, nowNanos - job.arrivalNanos);
        listener.onShed(job.id, reason, job.arrivalNanos, nowNanos);
        release(job);
    }

    private static void dropPermit(StationJob job, long nowNanos) {
        job.permit.onDropped(nowNanos);
        job.permit = null;
    }

    private StationJob allocate() {
        if (freeCount == 0) {
            int old = jobs.length;
            jobs = Arrays.copyOf(jobs, old * 2);
            free = Arrays.copyOf(free, old * 2);
            for (int i = old; i < jobs.length; i++) {
                jobs[i] = new StationJob(i);
                free[freeCount++] = i;
            }
        }
        return jobs[free[--freeCount]];
    }

    private void release(StationJob job) {
        free[freeCount++] = job.slot;
    }

    private void setUp() {
        events = scheduler.events;
        recorder = new Recorder(histogram, intervalNanos, listener);
        queue = station.queue().create(this::shed);
        shaping = queue.shapes();
        gates = station.gates().isEmpty() ? ALWAYS : AdmissionPolicy.chain(station.gates());
        service = station.service();
        serviceRandom = newStream("service");
        workers = station.workers();
        jobs = new StationJob[64];
        free = new int[64];
        for (int i = 0; i < jobs.length; i++) {
            jobs[i] = new StationJob(i);
            free[freeCount++] = jobs.length - 1 - i;
        }
    }

    private RandomGenerator newStream(String name) {
        RandomGenerator random = randomStreams.apply(name);
        if (random == null) {
            throw new IllegalStateException("the random stream factory must return a generator but returned null for '"
                    + name + "'");
        }
        return random;
    }

    /** Not thread-safe builder of a {@link Simulation}. */
    public static final class Builder {
        private long seed;
        private Function<String, RandomGenerator> randomStreams;
        private long horizonNanos = Long.MAX_VALUE;
        private long maxArrivals = Long.MAX_VALUE;
        private boolean drain = true;
        private ArrivalSource arrivals;
        private Station station;
        private HistogramSpec histogram = HistogramSpec.microseconds();
        private long intervalNanos;
        private SimulationListener listener = SimulationListener.NONE;

        private Builder() {
        }

        /**
         * Sets the seed from which every random stream is derived (default 0): component
         * {@code name} draws from {@link RandomStreams#stream}{@code (seed, name)}.
         */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * Replaces the seeded default ({@link RandomStreams#stream}{@code (seed, name)}) with
         * {@code streams}, called once per component with its stream name ({@code "arrivals"},
         * {@code "service"}) to inject any {@link RandomGenerator}, for example
         * {@code name -> RandomGeneratorFactory.of("L64X128MixRandom").create(seed * 31 + name.hashCode())}.
         * The {@link #seed} is then unused.
         */
        public Builder randomStreams(Function<String, RandomGenerator> streams) {
            this.randomStreams = Check.notNull("streams", streams);
            return this;
        }

        /** Simulates arrivals strictly before {@code horizon} of virtual time. */
        public Builder horizon(Duration horizon) {
            this.horizonNanos = Check.positive("horizon", horizon).toNanos();
            return this;
        }

        /** Simulates at most {@code maxArrivals} arrivals. */
        public Builder maxArrivals(long maxArrivals) {
            this.maxArrivals = Check.positive("maxArrivals", maxArrivals);
            return this;
        }

        /**
         * If true (the default), after the last arrival the run continues until every admitted job
         * has left; if false, it stops at the horizon and jobs still inside stay uncounted.
         */
        public Builder drain(boolean drain) {
            this.drain = drain;
            return this;
        }

        /** Sets the arrival process. */
        public Builder arrivals(ArrivalSource arrivals) {
            this.arrivals = arrivals;
            return this;
        }

        /** Sets the station the arrivals go to. */
        public Builder station(Station station) {
            this.station = station;
            return this;
        }

        /** Sets the shape of the latency histograms (default {@link HistogramSpec#microseconds()}). */
        public Builder histogram(HistogramSpec histogram) {
            this.histogram = histogram;
            return this;
        }

        /** Records per-interval statistics over intervals of {@code interval} from time zero (default none). */
        public Builder interval(Duration interval) {
            this.intervalNanos = Check.positive("interval", interval).toNanos();
            return this;
        }

        /** Sets the per-request hooks. */
        public Builder listener(SimulationListener listener) {
            this.listener = listener;
            return this;
        }

        /** Validates and builds the simulation. */
        public Simulation build() {
            Check.notNull("arrivals", arrivals);
            Check.notNull("station", station);
            Check.notNull("histogram", histogram);
            Check.notNull("listener", listener);
            if (horizonNanos == Long.MAX_VALUE && maxArrivals == Long.MAX_VALUE && !arrivals.finite()) {
                throw new IllegalArgumentException("horizon or maxArrivals must be set for an endless"
                        + " arrival source but was neither (the run would never end)");
            }
            return new Simulation(this);
        }
    }
}
