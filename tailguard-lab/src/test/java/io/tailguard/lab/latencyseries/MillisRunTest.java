package io.tailguard.lab.latencyseries;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.LabArgs;
import io.tailguard.lab.coordinatedomission.CoordinatedOmissionExperiment;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MillisRunTest {

    private static MillisRun of(String duration, String interval, long floorMs) {
        return MillisRun.of(LabArgs.parse(new CoordinatedOmissionExperiment(),
                Map.of("--duration", duration, "--snapshot-interval", interval), List.of()), floorMs);
    }

    @Test
    void raisesBothToTheFloorAndCapsTheIntervalAtTheRun() {
        assertThat(of("400ms", "200ms", 1000)).isEqualTo(new MillisRun(1000, 1000));
        assertThat(of("2500ms", "5s", 1000)).isEqualTo(new MillisRun(2500, 2500));
        assertThat(of("2500ms", "750ms", 1)).isEqualTo(new MillisRun(2500, 750));
    }
}
