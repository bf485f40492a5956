package io.tailguard.journal.replication;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.journal.JournalId;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class ReplicationCodecTest {

    private final ReplicationCodec codec = new ReplicationCodec();

    @Test
    void aPrimaryHelloReadsBackWhatWasWrittenAtTheDrawnOffsets() {
        ByteBuffer b = ByteBuffer.allocate(ReplicationCodec.PRIMARY_HELLO_LENGTH);
        codec.wrap(b, 0).putPrimaryHello(new JournalId(0x1111_2222_3333_4444L, -5L), 7000);
        assertThat(b.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getInt(0)).isEqualTo(ReplicationCodec.PRIMARY_HELLO_MAGIC);
        assertThat(b.getInt(4)).isEqualTo(ReplicationCodec.VERSION);
        assertThat(b.getLong(8)).isEqualTo(0x1111_2222_3333_4444L);
        assertThat(b.getLong(16)).isEqualTo(-5L);
        assertThat(b.getLong(24)).isEqualTo(7000);
        ReplicationCodec read = new ReplicationCodec().wrap(b, 0);
        assertThat(read.preambleProblem(ReplicationCodec.PRIMARY_HELLO_MAGIC, "primary")).isNull();
        assertThat(read.primaryId()).isEqualTo(new JournalId(0x1111_2222_3333_4444L, -5L));
        assertThat(read.primaryWritten()).isEqualTo(7000);
    }

    @Test
    void aReplicaHelloReadsBackEveryField() {
        ByteBuffer b = ByteBuffer.allocate(ReplicationCodec.HELLO_LENGTH);
        codec.wrap(b, 0).putHello(3000, 0xCAFE_BABE, 2, new JournalId(9, 10), 0x0123_4567_89AB_CDEFL);
        ReplicationCodec read = new ReplicationCodec().wrap(b, 0);
        assertThat(read.magic()).isEqualTo(ReplicationCodec.HELLO_MAGIC);
        assertThat(read.helloLast()).isEqualTo(3000);
        assertThat(read.helloLastCrc()).isEqualTo(0xCAFE_BABE);
        assertThat(read.helloDurability()).isEqualTo(2);
        assertThat(read.helloHolder()).isEqualTo(new JournalId(9, 10));
        assertThat(b.getLong(24)).as("the holder's drawn offsets").isEqualTo(9);
        assertThat(b.getLong(32)).isEqualTo(10);
        assertThat(read.helloDigest()).isEqualTo(0x0123_4567_89AB_CDEFL);
        assertThat(b.getLong(40)).as("the digest's drawn offset").isEqualTo(0x0123_4567_89AB_CDEFL);
    }

    @Test
    void acksAreReadInPlaceOneAfterAnotherInABulkBuffer() {
        ByteBuffer b = ByteBuffer.allocate(3 * ReplicationCodec.ACK_LENGTH);
        for (int i = 0; i < 3; i++) {
            codec.wrap(b, i * ReplicationCodec.ACK_LENGTH).putAck(1, 100 + i, 1000 + i);
        }
        for (int i = 0; i < 3; i++) {
            ReplicationCodec ack = codec.wrap(b, i * ReplicationCodec.ACK_LENGTH);
            assertThat(ack.magic()).isEqualTo(ReplicationCodec.ACK_MAGIC);
            assertThat(ack.ackDurability()).isEqualTo(1);
            assertThat(ack.ackSequence()).isEqualTo(100 + i);
            assertThat(ack.ackDigest()).isEqualTo(1000 + i);
        }
    }

    @Test
    void aPreambleOfAnotherMessageOrVersionSaysWhatItIs() {
        ByteBuffer b = ByteBuffer.allocate(ReplicationCodec.HELLO_LENGTH);
        codec.wrap(b, 0).putHello(0, 0, 0, null, 0);
        assertThat(b.getLong(24)).as("no holder is all zero on the wire").isZero();
        assertThat(b.getLong(32)).isZero();
        assertThat(codec.helloHolder()).isNull();
        assertThat(codec.preambleProblem(ReplicationCodec.PRIMARY_HELLO_MAGIC, "primary"))
                .isEqualTo("it is not a tailguard primary (magic " + Integer.toHexString(ReplicationCodec.HELLO_MAGIC) + ")");
        b.putInt(4, 2);
        assertThat(codec.preambleProblem(ReplicationCodec.HELLO_MAGIC, "replica"))
                .isEqualTo("the replica speaks replication protocol version 2 but this side speaks version 3;"
                        + " run the same tailguard version on both");
    }
}
