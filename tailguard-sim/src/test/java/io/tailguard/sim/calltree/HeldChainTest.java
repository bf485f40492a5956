package io.tailguard.sim.calltree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HeldChainTest {

    @Test
    void aWorkerIsHeldUntilTheLeafFinishesSoTheNextRequestWaitsAtTheFirstHop() {
        HeldChain chain = new HeldChain(
                List.of(new HeldChain.Service("front", 1, OwnWork.constant(5)),
                        new HeldChain.Service("back", 1, OwnWork.constant(10))),
                List.of(new HeldChain.Route("only", new int[] {0, 1}, 100.0)),
                40, 4, 10, ArrivalPattern.CONSTANT, 1).run();

        // arrivals every 10 ms; the front's one worker is free again only when the back finishes
        assertThat(chain.arrivals().get(0)).containsExactly(0, 10, 20, 30);
        assertThat(chain.completions().get(0)).containsExactly(15, 30, Double.NaN, Double.NaN);
        assertThat(chain.queueSamples()[2]).containsExactly(0, 0);
        assertThat(chain.queueSamples()[3]).containsExactly(1, 0);
    }
}
