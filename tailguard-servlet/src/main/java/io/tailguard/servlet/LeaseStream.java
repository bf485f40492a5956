package io.tailguard.servlet;

import io.tailguard.lease.LeaseFrame;
import io.tailguard.lease.LeaseResponder;
import jakarta.servlet.AsyncContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Thread-safe one open lease stream: writes each granted lease as a line and flushes it, from the
 * request thread (the first grant) or the scheduler's (renewals). Writes are serialized on this
 * object. The session ends when the stream does, whichever side ends it: the requester left (a
 * write fails or the container reports an error), or the filter stopped.
 */
final class LeaseStream implements EndListener, Consumer<LeaseFrame> {

    private final AsyncContext async;
    private final Consumer<LeaseStream> onEnd;
    private LeaseResponder.Session session;
    private boolean ended;

    LeaseStream(AsyncContext async, Consumer<LeaseStream> onEnd) {
        this.async = async;
        this.onEnd = onEnd;
    }

    void start(LeaseResponder responder) {
        LeaseResponder.Session opened = responder.open(this);
        boolean endedMeanwhile;
        synchronized (this) {
            session = opened;
            endedMeanwhile = ended;
        }
        if (endedMeanwhile) {
            opened.close(); // the first write already failed: the requester is gone
        }
    }

    @Override
    public synchronized void accept(LeaseFrame frame) {
        if (ended) {
            return;
        }
        try {
            var out = async.getResponse().getOutputStream();
            out.write((frame.toLine() + "\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (IOException | RuntimeException e) {
            // The requester closed the stream (or the container recycled it): its session ends.
            end();
        }
    }

    /** Ends the session and completes the response; does nothing after the first call. */
    @Override
    public void end() {
        LeaseResponder.Session closing;
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            closing = session;
        }
        if (closing != null) {
            closing.close();
        }
        onEnd.accept(this);
        try {
            async.complete();
        } catch (IllegalStateException e) {
            // Already completed by the container (error, timeout): nothing more to end.
        }
    }
}
