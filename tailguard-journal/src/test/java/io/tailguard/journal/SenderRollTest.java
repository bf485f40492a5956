package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.journal.scan.SegmentScanner;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The replication sender follows its writer across segment rolls without reading the rest of each
 * new segment: its writer's watermark tells a record still being written from a zeroed one.
 */
class SenderRollTest extends ReplicationFixture {

    @Test
    void theSenderCrossesRollsWithoutReadingAheadInTheNewSegments() throws Exception {
        byte[] record = new byte[1000];
        try (ReplicaServer r = replica("replica");
                Journal j = Journal.open(primary("primary", CommitMode.ACK, r.address()))) {
            long seq = 0;
            while (SegmentScanner.bases(tmp.resolve("primary")).size() < 3) {
                seq = j.append(record).get(30, TimeUnit.SECONDS); // the sender waits after each record
            }
            assertThat(j.ackedSequence()).isGreaterThanOrEqualTo(seq);
            assertThat(r.journal().writtenSequence()).isEqualTo(seq);
            assertThat(j.replicationLookAheads()).isZero();
        }
    }
}
