package io.tailguard.bench.journal;

import io.tailguard.journal.load.OpenLoop;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

/**
 * Not thread-safe: the peer. Appends each open-loop message to a Chronicle Queue (open source) and
 * reports it committed when {@code writeBytes} returns, or, with sync, when an {@code sync()}
 * (msync MS_SYNC) covering it returns. Like Chronicle's own channel handler, it syncs when the
 * sender goes idle (the next message is not yet due), so one sync covers a batch: the same
 * group commit our {@code sync} policy does.
 */
final class ChronicleSender implements OpenLoop.Sender, AutoCloseable {

    private final ChronicleQueue queue;
    private final ExcerptAppender appender;
    private final boolean sync;
    private OpenLoop loop;
    private ByteBuffer wrappedBuffer;
    private BytesStore<?, ByteBuffer> wrapped;

    ChronicleSender(Path dir, boolean sync) {
        this.sync = sync;
        this.queue = SingleChronicleQueueBuilder.single(dir.toFile())
                .syncMode(sync ? SyncMode.SYNC : SyncMode.NONE)
                .build();
        this.appender = queue.createAppender();
    }

    void attach(OpenLoop openLoop) {
        this.loop = openLoop;
    }

    @Override
    public void send(ByteBuffer message, long index) {
        if (message != wrappedBuffer) {
            wrappedBuffer = message;
            wrapped = BytesStore.wrap(message);
        }
        appender.writeBytes(wrapped);
        if (!sync) {
            loop.committedUpTo(index);
        } else if (!loop.nextIsDue()) {
            appender.sync();
            loop.committedUpTo(index);
        }
    }

    @Override
    public void close() {
        appender.close();
        queue.close();
    }
}
