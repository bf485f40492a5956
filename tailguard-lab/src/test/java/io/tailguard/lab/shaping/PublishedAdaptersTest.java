package io.tailguard.lab.shaping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.tailguard.sim.shaping.Gate;
import io.tailguard.sim.shaping.GateClock;
import io.tailguard.sim.shaping.LeakyGate;
import io.tailguard.sim.shaping.TokenGate;
import io.tailguard.sim.windowed.ArrivalShape;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Core's gates behind the published adapters against the published gates' arithmetic (the
 * oracle), arrival by arrival: every decision and every release time, on the published traffic and
 * on random traffic the golden files never saw.
 */
class PublishedAdaptersTest {

    @ParameterizedTest
    @EnumSource(ArrivalShape.class)
    void adaptedCoreGatesDecideEveryArrivalAsThePublishedGates(ArrivalShape traffic) {
        double[] arrivals = traffic.arrivals(TokenVsLeakyExperiment.DEMAND, 60_000, 11, "token-vs-leaky");
        List<Double> list = Arrays.stream(arrivals).boxed().toList();
        for (int burst : TokenVsLeakyExperiment.BURSTS) {
            for (boolean token : new boolean[] {true, false}) {
                double[] published = PublishedShapingOracle.releases(token, burst, list);
                double[] ours = releases(token, burst, arrivals);
                for (int i = 0; i < arrivals.length; i++) {
                    String what = (token ? "token" : "leaky") + " burst " + burst + " arrival " + arrivals[i];
                    assertThat(Double.isNaN(ours[i])).as(what).isEqualTo(Double.isNaN(published[i]));
                    if (!Double.isNaN(ours[i])) {
                        assertThat(ours[i]).as(what).isCloseTo(published[i], offset(1e-9));
                    }
                }
            }
        }
    }

    @Test
    void withoutTheAdaptersCoreDecidesTheFloatingPointTiesExactly() {
        double[] arrivals = TokenVsLeakyExperiment.DEMAND.evenArrivals(5000);
        List<Double> list = Arrays.stream(arrivals).boxed().toList();
        double[] published = PublishedShapingOracle.releases(false, 1, list);
        double[] deployed = new double[arrivals.length];
        Arrays.fill(deployed, Double.NaN);
        Gate gate = new LeakyGate(1, (i, at) -> deployed[i] = at, GateClock.NANOS, true);
        for (int i = 0; i < arrivals.length; i++) {
            gate.offer(i, arrivals[i]);
        }
        gate.flush();
        int first = 0;
        while (Double.isNaN(published[first]) == Double.isNaN(deployed[first])) {
            first++;
        }
        int previous = first - 1;
        while (Double.isNaN(published[previous])) {
            previous--;
        }
        // the first disagreement: 10 ms after the last release to the nanosecond, a hair less by the doubles
        assertThat(Double.isNaN(published[first])).isTrue();
        assertThat(Double.isNaN(deployed[first])).isFalse();
        assertThat(arrivals[first] - published[previous]).isLessThan(10.0);
        assertThat(GateClock.NANOS.ticks(arrivals[first]) - GateClock.NANOS.ticks(published[previous]))
                .isEqualTo(10_000_000L);
    }

    private static double[] releases(boolean token, int burst, double[] arrivals) {
        double[] out = new double[arrivals.length];
        Arrays.fill(out, Double.NaN);
        Gate.Release release = (i, at) -> out[i] = at;
        Gate gate = token ? new TokenGate(burst, release, GateClock.PUBLISHED, true)
                : new LeakyGate(burst, release, GateClock.PUBLISHED, true);
        for (int i = 0; i < arrivals.length; i++) {
            gate.offer(i, arrivals[i]);
        }
        gate.flush();
        return out;
    }
}
