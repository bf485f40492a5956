package io.tailguard.journal.replication;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.journal.JournalId;
import io.tailguard.journal.ReplicaDurability;
import io.tailguard.journal.replication.Handshake.ReplicaHello;
import org.junit.jupiter.api.Test;

/** The primary's judgement of a replica's HELLO, without a socket. */
class HandshakeTest {

    private static final JournalId SELF = new JournalId(1, 2);
    private static final JournalId OTHER = new JournalId(3, 4);

    private static Handshake.Refusal history(long written, ReplicaHello hello) {
        return Handshake.checkHistory("r:1", SELF, written, hello);
    }

    @Test
    void acceptsAnEmptyReplicaWhateverItLastBelongedTo() {
        assertThat(history(0, new ReplicaHello(0, 0, ReplicaDurability.NONE, null, 0))).isNull();
        assertThat(history(10, new ReplicaHello(0, 0, ReplicaDurability.SYNC, OTHER, 0))).isNull();
    }

    @Test
    void refusesAReplicaHoldingAnotherJournalsRecordsEvenWhenThisJournalWroteMore() {
        Handshake.Refusal r = history(30_000, new ReplicaHello(20_001, 5, ReplicaDurability.NONE, OTHER, 0));
        assertThat(r.kind()).isEqualTo("identity");
        assertThat(r.message()).isEqualTo("replica r:1 refused: it holds records 1..20001 of journal " + OTHER
                + ", not of this journal " + SELF + "; give it an empty directory or point this journal at its own replica");
    }

    @Test
    void refusesAReplicaHoldingRecordsThisJournalNeverWrote() {
        Handshake.Refusal r = history(60, new ReplicaHello(100, 5, ReplicaDurability.NONE, SELF, 0));
        assertThat(r.kind()).isEqualTo("ahead");
        assertThat(r.message()).contains("up to sequence 100").contains("wrote only 60");
        assertThat(history(100, new ReplicaHello(100, 5, ReplicaDurability.NONE, SELF, 0))).isNull();
    }

    @Test
    void refusesAReplicaWhoseHistoryDiffersWhateverItsLastRecord() {
        ReplicaHello sameLast = new ReplicaHello(7, 0xabc, ReplicaDurability.NONE, null, 0x1111);
        assertThat(history(9, sameLast)).isNull();
        assertThat(Handshake.checkPrefix("r:1", sameLast, 0x1111, 0xabc)).isNull();
        Handshake.Refusal r = Handshake.checkPrefix("r:1", sameLast, 0x2222, 0xabc);
        assertThat(r.kind()).isEqualTo("diverged");
        assertThat(r.message()).isEqualTo("replica r:1 refused: its records 1..7 are not this journal's (history "
                + "digest 1111, this journal's 2222; the last records are equal, so the histories differ before it): "
                + "the histories diverged; give it an empty directory to copy this journal again");
        assertThat(Handshake.checkPrefix("r:1", sameLast, 0x2222, 0xabd).message())
                .contains("the last records differ too (CRC32C abc and abd)");
    }

    @Test
    void refusesAMalformedHello() {
        assertThat(history(9, new ReplicaHello(-1, 0, ReplicaDurability.NONE, null, 0)).kind()).isEqualTo("malformed");
        assertThat(history(9, new ReplicaHello(1, 0, null, SELF, 0)).kind()).isEqualTo("malformed");
    }
}
