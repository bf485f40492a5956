package io.tailguard.sim.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.RejectReason;
import io.tailguard.sim.SimulationView;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArrivalSnapshotsTest {

    private static final long MS = 1_000_000L;
    /** Windows of 100 ms by arrival time. */
    private static final ArrivalSnapshots.Windows BY_100_MS = (id, arrivalNanos) -> (int) (arrivalNanos / (100 * MS));

    private int inSystem;

    @Test
    void aRequestCountsInTheWindowOfItsArrivalEvenWhenItCompletesLater() {
        ArrivalSnapshots recorder = started(true);
        arriveAdmitted(recorder, 1, 10 * MS);
        arriveAdmitted(recorder, 2, 150 * MS);
        recorder.onCompleted(1, 10 * MS, 10 * MS, 260 * MS);
        recorder.onCompleted(2, 150 * MS, 150 * MS, 170 * MS);

        List<ArrivalSnapshot> rows = recorder.finish(recorder.opened());

        assertThat(rows).extracting(ArrivalSnapshot::index).containsExactly(0, 1);
        assertThat(rows.get(0).p50Millis()).isEqualTo(250L);
        assertThat(rows.get(1).p50Millis()).isEqualTo(20L);
        assertThat(rows.get(0).lastArrivalNanos()).isEqualTo(10 * MS);
    }

    @Test
    void roundsLatencyHalfUpToWholeMilliseconds() {
        ArrivalSnapshots recorder = started(false);
        arriveAdmitted(recorder, 1, 0L);
        recorder.onCompleted(1, 0L, 0L, 2 * MS + MS / 2);
        assertThat(recorder.finish(1).get(0).p99Millis()).isEqualTo(3L);
        assertThat(recorder.percentileMillis(50.0)).isEqualTo(3L);
    }

    @Test
    void countsRejectionsAndTheMostBufferedOnlyWhenAskedTo() {
        ArrivalSnapshots sampled = started(true);
        ArrivalSnapshots unsampled = started(false);
        for (ArrivalSnapshots recorder : List.of(sampled, unsampled)) {
            inSystem = 3;
            arriveAdmitted(recorder, 1, MS);
            recorder.onArrival(2, 2 * MS);
            recorder.onRejected(2, RejectReason.QUEUE_FULL, 2 * MS);
        }
        ArrivalSnapshot withBuffer = sampled.finish(1).get(0);
        assertThat(withBuffer.accepted()).isEqualTo(1L);
        assertThat(withBuffer.rejected()).isEqualTo(1L);
        assertThat(withBuffer.maxBuffered()).isEqualTo(3);
        assertThat(unsampled.finish(1).get(0).maxBuffered()).isZero();
    }

    @Test
    void finishOpensEmptyTrailingWindowsUpToTheCountAsked() {
        ArrivalSnapshots recorder = started(true);
        arriveAdmitted(recorder, 1, MS);
        recorder.onCompleted(1, MS, MS, 2 * MS);

        List<ArrivalSnapshot> rows = recorder.finish(3);

        assertThat(recorder.opened()).isEqualTo(3);
        assertThat(rows).extracting(ArrivalSnapshot::accepted).containsExactly(1L, 0L, 0L);
        assertThat(rows.get(2).p50Millis()).isZero();
    }

    private ArrivalSnapshots started(boolean sampleBuffered) {
        ArrivalSnapshots recorder = new ArrivalSnapshots(BY_100_MS, sampleBuffered);
        recorder.onStart(new SimulationView() {
            @Override
            public long nowNanos() {
                return 0L;
            }

            @Override
            public int queueDepth() {
                return 0;
            }

            @Override
            public int inService() {
                return inSystem;
            }

            @Override
            public int inSystem() {
                return inSystem;
            }
        });
        return recorder;
    }

    private static void arriveAdmitted(ArrivalSnapshots recorder, long id, long nowNanos) {
        recorder.onArrival(id, nowNanos);
        recorder.onAdmitted(id, nowNanos);
    }
}
