package io.tailguard.micrometer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.tailguard.config.Check;
import io.tailguard.time.NanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * Thread-safe once constructed: the base of a binder of one policy, whose constructor declares the
 * policy's meters and whose {@link #bindTo} registers them, each with the caller's tags. Every
 * meter is read at scrape time. Gauges hold the policy strongly: a gauge holds a weak reference by
 * default, and the registry is often the only holder of a policy it measures, which would read NaN
 * once collected.
 *
 * @param <T> the policy measured
 */
public abstract class PolicyBinder<T> implements MeterBinder {

    private final T policy;
    private final Tags tags;
    private final List<Consumer<MeterRegistry>> meters = new ArrayList<>();

    /** Measures {@code policy} (named {@code name} in a validation message) with {@code tags} on every meter. */
    protected PolicyBinder(String name, T policy, Iterable<Tag> tags) {
        this.policy = Check.notNull(name, policy);
        this.tags = Tags.of(Check.notNull("tags", tags));
    }

    /**
     * Reads a policy's value at a time, as the policies take it: {@code nowNanos} of the clock the
     * policy runs on.
     *
     * @param <T> the policy read
     */
    @FunctionalInterface
    protected interface ReadAt<T> {
        /** Returns {@code policy}'s value at {@code nowNanos}. */
        double read(T policy, long nowNanos);
    }

    /** Declares gauge {@code name}, read through {@code value} at {@code clock}'s time of each scrape. */
    protected final void gauge(String name, NanoClock clock, ReadAt<T> value, String description) {
        Check.notNull("clock", clock);
        gauge(name, policy -> value.read(policy, clock.nanoTime()), description);
    }

    /**
     * Declares time gauge {@code name}, read in nanoseconds through {@code nanos} at {@code clock}'s
     * time of each scrape.
     */
    protected final void timeGauge(String name, NanoClock clock, ReadAt<T> nanos, String description) {
        Check.notNull("clock", clock);
        timeGauge(name, policy -> nanos.read(policy, clock.nanoTime()), description);
    }

    /** Declares gauge {@code name}, read through {@code value}. */
    protected final void gauge(String name, ToDoubleFunction<T> value, String description) {
        gauge(name, Tags.empty(), null, value, description);
    }

    /** Declares gauge {@code name} counted in {@code baseUnit}, read through {@code value}. */
    protected final void gauge(String name, String baseUnit, ToDoubleFunction<T> value, String description) {
        gauge(name, Tags.empty(), baseUnit, value, description);
    }

    /** Declares gauge {@code name} with the extra tag {@code tag}, read through {@code value}. */
    protected final void gauge(String name, Tag tag, ToDoubleFunction<T> value, String description) {
        gauge(name, Tags.of(tag), null, value, description);
    }

    private void gauge(String name, Tags extra, String baseUnit, ToDoubleFunction<T> value, String description) {
        meters.add(registry -> Gauge.builder(name, policy, value).tags(tags.and(extra)).baseUnit(baseUnit)
                .strongReference(true).description(description).register(registry));
    }

    /** Declares time gauge {@code name}, read in nanoseconds through {@code nanos}. */
    protected final void timeGauge(String name, ToDoubleFunction<T> nanos, String description) {
        meters.add(registry -> TimeGauge.builder(name, policy, TimeUnit.NANOSECONDS, nanos).tags(tags)
                .strongReference(true).description(description).register(registry));
    }

    /** Declares function counter {@code name}, read through {@code count}. */
    protected final void counter(String name, ToDoubleFunction<T> count, String description) {
        counter(name, Tags.empty(), count, description);
    }

    /** Declares function counter {@code name} with the extra tag {@code tag}, read through {@code count}. */
    protected final void counter(String name, Tag tag, ToDoubleFunction<T> count, String description) {
        counter(name, Tags.of(tag), count, description);
    }

    private void counter(String name, Tags extra, ToDoubleFunction<T> count, String description) {
        meters.add(registry -> FunctionCounter.builder(name, policy, count).tags(tags.and(extra))
                .description(description).register(registry));
    }

    @Override
    public final void bindTo(MeterRegistry registry) {
        meters.forEach(meter -> meter.accept(registry));
    }
}
