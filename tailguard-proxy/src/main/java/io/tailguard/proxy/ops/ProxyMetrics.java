package io.tailguard.proxy.ops;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.tailguard.proxy.Pool;
import io.tailguard.proxy.Route;
import io.tailguard.proxy.config.RouteConfig;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tailguard.admission.RejectReason;
import io.tailguard.path.Completion;
import io.tailguard.micrometer.ConcurrencyLimiterMetrics;
import io.tailguard.proxy.upstream.Backend;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.BiConsumer;

/**
 * Thread-safe: the proxy's meters in a Micrometer Prometheus registry. Names (Prometheus form):
 * {@code tailguard_proxy_admitted_total{pool}}, {@code tailguard_proxy_queued_total{pool}}, {@code tailguard_proxy_rejected_total{pool,reason}},
 * {@code tailguard_proxy_redis_rate_total{pool}},
 * {@code tailguard_proxy_client_gone_total{pool,stage}}, {@code tailguard_proxy_retries_total{pool}},
 * {@code tailguard_proxy_upstream_errors_total{pool,reason}},
 * {@code tailguard_proxy_hedges_total{pool}},
 * {@code tailguard_proxy_queue_depth{pool}}, {@code tailguard_proxy_queue_wait_seconds{pool}},
 * {@code tailguard_limiter_in_flight{pool,backend}}, {@code tailguard_limiter_limit{pool,backend}}
 * (bound by tailguard-micrometer's limiter binder, as in any service),
 * {@code tailguard_proxy_upstream_seconds{backend,outcome}} (a histogram),
 * {@code tailguard_proxy_request_seconds{route,pool,outcome}} (the client-side histogram, {@link ClientLatency}),
 * {@code tailguard_proxy_responses_total{status}}, and Micrometer's JVM and process series
 * ({@code jvm_*}, {@code process_*}, {@code system_*}). Every series has its HELP text, and every
 * rejection reason's series exists at 0 from start for every pool ({@code pool="-"} for the reasons
 * that come before a route is known), so a rate over it is 0, not absent.
 *
 * <p>The meters every request touches (admitted, queue wait, upstream, responses) are looked up once
 * and kept: a Micrometer builder and registry lookup per request cost more than the recording.
 */
public final class ProxyMetrics {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final List<BiConsumer<String, String>> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, Counter> admitted = new ConcurrentHashMap<>();
    private final Map<String, Counter> queued = new ConcurrentHashMap<>();
    private final Map<String, Counter> redisRate = new ConcurrentHashMap<>();
    private final Map<String, Counter> rejected = new ConcurrentHashMap<>();
    private final Map<String, Timer> queueWait = new ConcurrentHashMap<>();
    private final Map<Backend, AtomicReferenceArray<Timer>> upstream = new ConcurrentHashMap<>();
    private final AtomicReferenceArray<Counter> responses = new AtomicReferenceArray<>(600);
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final ClientLatency unrouted;

    /** The reasons a pool's requests are refused for beyond the core's {@link RejectReason}s. */
    private static final String[] POOL_REASONS = {"draining", "rate_failed", "body_timeout"};
    /** The reasons a connection is refused or closed for before any route is known ({@code pool="-"}). */
    private static final String[] CONNECTION_REASONS = {"connection_limit", "header_timeout", "idle_evicted",
            "body_timeout"};

    /**
     * Creates the meters, the JVM's and the process's binders among them, and the connection-level rejection
     * counters at 0.
     */
    public ProxyMetrics() {
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        unrouted = new ClientLatency(registry, "-", "-");
        for (String reason : CONNECTION_REASONS) {
            rejectedCounter("-", reason);
        }
    }

    /** Builds the client-side timers of {@code route} (at start: recording then looks nothing up). */
    public ClientLatency clientLatency(RouteConfig route) {
        return new ClientLatency(registry, ClientLatency.routeName(route.host(), route.pathPrefix()), route.pool());
    }

    /** Records the client-side latency of an answer; {@code route} is null for a request no route took. */
    public void answered(Route route, int status, long nanos) {
        (route == null ? unrouted : route.latency()).record(status, nanos);
    }

    /** Stops the GC listener the JVM binder installed. */
    public void close() {
        gc.close();
    }

    /** Adds a listener told {@code (event, detail)} for every counted event (tests wait on these). */
    public void listen(BiConsumer<String, String> listener) {
        listeners.add(listener);
    }

    private void fire(String event, String detail) {
        for (BiConsumer<String, String> listener : listeners) {
            listener.accept(event, detail);
        }
    }

    /** The registry every meter is in. */
    public MeterRegistry registry() {
        return registry;
    }

    /** Returns the Prometheus text exposition of every meter. */
    public String scrape() {
        return registry.scrape();
    }

    /**
     * Registers {@code pool}'s queue depth, its rejection counters at 0 and each backend's limiter and lease
     * meters.
     */
    public void registerPool(Pool pool) {
        Gauge.builder("tailguard.proxy.queue.depth", pool, Pool::queued)
                .tag("pool", pool.name()).description("requests waiting in the pool's queue").register(registry);
        for (String reason : REASON_NAMES) {
            rejectedCounter(pool.name(), reason);
        }
        for (String reason : POOL_REASONS) {
            rejectedCounter(pool.name(), reason);
        }
        admitted.computeIfAbsent(pool.name(), this::admittedCounter);
        queueWait.computeIfAbsent(pool.name(), this::queueWaitTimer);
        for (Backend backend : pool.backends()) {
            new ConcurrencyLimiterMetrics(pool.path().limiter(backend.index()),
                    Tags.of("pool", pool.name(), "backend", backend.toString())).bindTo(registry);
            if (backend.lease() != null) {
                LeaseMeters.register(registry, pool.name(), backend);
            }
        }
    }

    /** Tells the listeners that a lease from {@code backend} arrived ({@code up}) or its stream ended. */
    public void leaseEvent(String backend, boolean up) {
        fire(up ? "lease" : "lease_lost", backend);
    }

    /** A request of {@code pool} got a backend permit. */
    public void admitted(Pool pool) {
        Counter counter = admitted.get(pool.name()); // a get first: computeIfAbsent's lambda would be built per call
        if (counter == null) {
            counter = admitted.computeIfAbsent(pool.name(), this::admittedCounter);
        }
        counter.increment();
        if (!listeners.isEmpty()) {
            fire("admitted", pool.name());
        }
    }

    private Counter admittedCounter(String pool) {
        return Counter.builder("tailguard.proxy.admitted").tag("pool", pool)
                .description("requests that got a backend permit").register(registry);
    }

    /** A request of {@code pool} waits in its queue. */
    public void queued(Pool pool) {
        queued.computeIfAbsent(pool.name(), name -> Counter.builder("tailguard.proxy.queued").tag("pool", name)
                .description("requests that waited in the queue").register(registry)).increment();
        fire("queued", pool.name());
    }

    /** A request asked its route's Redis bucket and waits for the answer. */
    public void redisRate(Pool pool) {
        redisRate.computeIfAbsent(pool.name(), name -> Counter.builder("tailguard.proxy.redis.rate").tag("pool", name)
                .description("requests that waited for their route's Redis rate decision").register(registry))
                .increment();
        fire("redis_rate", pool.name());
    }

    /** A request of pool {@code pool} ({@code "-"} before any route) was refused for {@code reason}. */
    public void rejected(String pool, String reason) {
        // shedding is the overloaded path: the counter is looked up, not rebuilt, per rejection
        rejectedCounter(pool, reason).increment();
        fire("rejected", reason);
    }

    private Counter rejectedCounter(String pool, String reason) {
        return rejected.computeIfAbsent(pool + '\0' + reason, key -> Counter.builder("tailguard.proxy.rejected")
                .tags("pool", pool, "reason", reason).description("requests refused or shed, by pool and reason")
                .register(registry));
    }

    private static final String[] REASON_NAMES = reasonNames();

    private static String[] reasonNames() {
        RejectReason[] reasons = RejectReason.values();
        String[] names = new String[reasons.length];
        for (int i = 0; i < reasons.length; i++) {
            names[i] = reasons[i].name().toLowerCase(Locale.ROOT);
        }
        return names;
    }

    /** A client of {@code pool} left before its answer, at {@code stage}. */
    public void clientGone(Pool pool, String stage) {
        Counter.builder("tailguard.proxy.client.gone").tags("pool", pool.name(), "stage", stage)
                .description("requests whose client left before the answer").register(registry).increment();
        fire("client_gone", stage);
    }

    /** A backend failed an exchange for {@code reason} ({@code upstream_malformed}). */
    public void upstreamError(Pool pool, String reason) {
        Counter.builder("tailguard.proxy.upstream.errors").tags("pool", pool.name(), "reason", reason)
                .description("exchanges a backend failed, by reason").register(registry).increment();
        fire("upstream_error", reason);
    }

    /** A request of {@code pool} was sent again to another backend. */
    public void retried(Pool pool) {
        Counter.builder("tailguard.proxy.retries").tag("pool", pool.name())
                .description("requests sent again to another backend").register(registry).increment();
        fire("retried", pool.name());
    }

    /** A request of {@code pool} got an extra, hedged attempt. */
    public void hedged(Pool pool) {
        Counter.builder("tailguard.proxy.hedges").tag("pool", pool.name())
                .description("extra attempts started by hedging").register(registry).increment();
        fire("hedged", pool.name());
    }

    /** The wait of a request that queued; requests admitted at once are not recorded (they waited no time). */
    public void queueWait(Pool pool, long waitedNanos) {
        Timer timer = queueWait.get(pool.name());
        if (timer == null) {
            timer = queueWait.computeIfAbsent(pool.name(), this::queueWaitTimer);
        }
        timer.record(waitedNanos, TimeUnit.NANOSECONDS);
    }

    private Timer queueWaitTimer(String pool) {
        return Timer.builder("tailguard.proxy.queue.wait").tag("pool", pool)
                .description("time queued requests waited for a backend")
                .publishPercentileHistogram().maximumExpectedValue(Duration.ofMinutes(1)).register(registry);
    }

    /** {@code backend} held a permit for {@code heldNanos}, ending with {@code outcome}. */
    public void upstream(Backend backend, long heldNanos, Completion outcome) {
        AtomicReferenceArray<Timer> timers = upstream.get(backend);
        if (timers == null) {
            timers = upstream.computeIfAbsent(backend, b -> new AtomicReferenceArray<>(OUTCOME_NAMES.length));
        }
        Timer timer = timers.get(outcome.ordinal());
        if (timer == null) { // registered on first use, so /metrics lists only outcomes that happened
            timer = Timer.builder("tailguard.proxy.upstream").tags("backend", backend.toString(), "outcome",
                    OUTCOME_NAMES[outcome.ordinal()]).description("time a backend held a request, by outcome")
                    .publishPercentileHistogram()
                    .maximumExpectedValue(Duration.ofMinutes(1)).register(registry);
            timers.set(outcome.ordinal(), timer);
        }
        timer.record(heldNanos, TimeUnit.NANOSECONDS);
        if (!listeners.isEmpty()) {
            fire("upstream", OUTCOME_NAMES[outcome.ordinal()]);
        }
    }

    private static final String[] OUTCOME_NAMES = outcomeNames();

    private static String[] outcomeNames() {
        Completion[] outcomes = Completion.values();
        String[] names = new String[outcomes.length];
        for (Completion outcome : outcomes) {
            names[outcome.ordinal()] = outcome.name().toLowerCase(Locale.ROOT);
        }
        return names;
    }

    /** An answer with {@code status} was sent to a client. */
    public void response(int status) {
        if (status < 0 || status >= responses.length()) {
            responseCounter(status).increment();
            return;
        }
        Counter counter = responses.get(status);
        if (counter == null) {
            counter = responseCounter(status); // the registry returns the same counter to racing callers
            responses.set(status, counter);
        }
        counter.increment();
    }

    private Counter responseCounter(int status) {
        return Counter.builder("tailguard.proxy.responses").tag("status", Integer.toString(status))
                .description("answers sent to clients, by status").register(registry);
    }
}
