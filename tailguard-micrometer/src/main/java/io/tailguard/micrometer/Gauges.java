package io.tailguard.micrometer;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * Thread-safe (stateless): the gauges of every binder, each holding its policy strongly. A gauge
 * holds a weak reference by default, and the registry is often the only holder of a policy it
 * measures; a weakly held one would read NaN once collected.
 */
final class Gauges {

    private Gauges() {
    }

    /** Registers gauge {@code name} of {@code policy}, read through {@code value}. */
    static <T> void register(MeterRegistry registry, String name, T policy, ToDoubleFunction<T> value, Tags tags,
                             String description) {
        Gauge.builder(name, policy, value).tags(tags).strongReference(true).description(description).register(registry);
    }

    /** Registers time gauge {@code name} of {@code policy}, read in nanoseconds through {@code nanos}. */
    static <T> void registerNanos(MeterRegistry registry, String name, T policy, ToDoubleFunction<T> nanos, Tags tags,
                                  String description) {
        TimeGauge.builder(name, policy, TimeUnit.NANOSECONDS, nanos).tags(tags).strongReference(true)
                .description(description).register(registry);
    }
}
