package io.tailguard.lab.live.planlive;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.sim.path.ServiceText;
import io.tailguard.sim.service.ServiceModel;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class LiveDrawsTest {

    private final ServiceModel model = ServiceText.parseModel("workers=8, time=lognormal(p50=30ms,p99=100ms)")
            .service();

    @Test
    void drawsTheLiveBackendsSequenceWhateverGeneratorTheSimulationPasses() {
        ServiceModel same = LiveDraws.of(model, 3, 1);
        RandomGenerator live = LiveDraws.stream(3, 1);
        RandomGenerator simulation = new SplittableRandom(99);
        for (int i = 0; i < 100; i++) {
            assertThat(same.sampleNanos(simulation)).isEqualTo(model.sampleNanos(live));
        }
        assertThat(same.meanNanos()).isEqualTo(model.meanNanos());
    }

    @Test
    void eachBackendAndSeedHasItsOwnStream() {
        assertThat(LiveDraws.of(model, 3, 0).sampleNanos(null)).isNotEqualTo(LiveDraws.of(model, 3, 1).sampleNanos(null));
        assertThat(LiveDraws.of(model, 3, 0).sampleNanos(null)).isNotEqualTo(LiveDraws.of(model, 4, 0).sampleNanos(null));
    }
}
