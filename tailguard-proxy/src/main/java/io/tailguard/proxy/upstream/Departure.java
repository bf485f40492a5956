package io.tailguard.proxy.upstream;

import io.netty.channel.Channel;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Not thread-safe (confined to its connection's event loop): a backend connection whose client left
 * mid-request, kept with its permit until the backend is done (hold-permit-on-departure). A backend
 * that does not notice the close (a thread-per-request server) is still working, and the cap must
 * count that work, so the decision path keeps the cancelled attempt's permit (its pool's
 * hold-permit-on-departure). Our side of the connection is shut (a FIN), which a backend that watches
 * its socket takes as the signal to stop; the attempt ends, and its permit is freed, when the answer
 * ends, the backend closes or the response timeout runs out, whichever comes first. The answer is read and dropped, and the
 * connection is closed, never pooled.
 *
 * <p>Every attempt whose client left (a plain one, each in-flight hedge) hands its connection over
 * here.
 */
public final class Departure implements UpstreamLeg {

    private final Channel channel;
    private final UpstreamHandler handler;
    private final Runnable done;
    private ScheduledFuture<?> timer;
    private boolean ended;

    private Departure(Channel channel, UpstreamHandler handler, Runnable done) {
        this.channel = channel;
        this.handler = handler;
        this.done = done;
    }

    /**
     * Takes over {@code connection} until its backend is done or {@code leftNanos} (what is left of
     * its response timeout) pass, then closes it and runs {@code done} (the attempt's end, which
     * frees its permit). Returns false, taking nothing, when the connection cannot be half-closed:
     * the caller then closes it and ends the attempt itself.
     */
    public static boolean hold(Channel connection, long leftNanos, Runnable done) {
        if (!(connection instanceof DuplexChannel duplex)) {
            return false;
        }
        Departure departure = new Departure(connection, UpstreamHandler.of(connection), done);
        departure.timer = connection.eventLoop().schedule(departure::end, leftNanos, TimeUnit.NANOSECONDS);
        departure.handler.handOver(departure);
        duplex.shutdownOutput();
        connection.read();
        return true;
    }

    @Override
    public void onInterimResponse(HttpResponse interim) {
        // Dropped: nobody waits for it.
    }

    @Override
    public void onResponseHead(HttpResponse response) {
        // Dropped: the permit is held until the answer's end.
    }

    @Override
    public void onResponseContent(HttpContent content) {
        boolean last = content instanceof LastHttpContent;
        ReferenceCountUtil.release(content);
        if (last) {
            end(); // the backend finished the work of a client that left
        }
    }

    @Override
    public void onMalformedResponse() {
        end();
    }

    @Override
    public void onUpstreamLost() {
        end();
    }

    @Override
    public void upstreamWritable() {
    }

    @Override
    public boolean wantsResponseBytes() {
        return !ended;
    }

    /** The backend is done with the departed client's request (or waited long enough): the permit is freed. */
    private void end() {
        if (ended) {
            return;
        }
        ended = true;
        timer.cancel(false);
        handler.unbind();
        channel.close();
        done.run();
    }
}
