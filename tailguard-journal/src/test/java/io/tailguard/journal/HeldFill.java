package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Thread-safe: a writer's fill for a {@link io.tailguard.journal.segment.SegmentPreparer}'s pace
 * that a test can hold the preparer in. Once held, the preparer's next read of the fill waits
 * until the test releases it, so the test knows the preparer takes no step meanwhile: a roll the
 * test makes then finds the preparer exactly where the test left it, however the machine
 * schedules the two threads.
 */
final class HeldFill implements IntSupplier {

    private static final long WAIT_SECONDS = 20;

    private volatile int bytes;
    private volatile CountDownLatch reading = new CountDownLatch(1);
    /** Non-null while held; written after {@link #reading}, so a reader that sees it sees its latch. */
    private volatile CountDownLatch gate;

    HeldFill(int bytes) {
        this.bytes = bytes;
    }

    /** Holds the preparer's next read of the fill and returns once the preparer waits in it. */
    void holdNextRead() throws InterruptedException {
        CountDownLatch read = new CountDownLatch(1);
        reading = read;
        gate = new CountDownLatch(1);
        assertThat(read.await(WAIT_SECONDS, TimeUnit.SECONDS)).as("the preparer reads the fill within 20 s").isTrue();
    }

    /** Lets the held read go on, returning {@code bytes}, as every later read does. */
    void release(int bytes) {
        this.bytes = bytes;
        CountDownLatch g = gate;
        gate = null;
        g.countDown();
    }

    @Override
    public int getAsInt() {
        CountDownLatch g = gate;
        if (g != null) {
            reading.countDown();
            try {
                // bounded, so a test that failed while holding does not keep the preparer for ever
                g.await(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return bytes;
    }
}
