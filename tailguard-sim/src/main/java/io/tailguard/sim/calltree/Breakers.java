package io.tailguard.sim.calltree;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/** Thread-safe (stateless) helpers that put breakers on call-tree edges. */
public final class Breakers {

    private Breakers() {
    }

    /** Returns a core breaker in the published configuration on each of {@code edges}. */
    public static Map<String, Supplier<EdgeBreaker>> core(String... edges) {
        return on(edge -> new CoreEdgeBreaker(CoreEdgeBreaker.published()), edges);
    }

    /** Returns the breaker {@code factory} builds for each of {@code edges}, in order. */
    public static Map<String, Supplier<EdgeBreaker>> on(Function<String, EdgeBreaker> factory, String... edges) {
        Map<String, Supplier<EdgeBreaker>> out = new LinkedHashMap<>();
        for (String edge : edges) {
            out.put(edge, () -> factory.apply(edge));
        }
        return out;
    }
}
