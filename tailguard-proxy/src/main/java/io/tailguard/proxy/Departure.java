package io.tailguard.proxy;

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
 * count that work. Our side of the connection is shut (a FIN), which a backend that watches its
 * socket takes as the signal to stop; the permit is freed when the answer ends, the backend closes
 * or the response timeout runs out, whichever comes first. The answer is read and dropped, and the
 * connection is closed, never pooled.
 *
 * <p>The plain forward and every in-flight hedged attempt hand their connection over here, so the
 * rule lives once for every path.
 */
final class Departure implements UpstreamLeg {

    private final Pool pool;
    private final Assignment assignment;
    private final Channel channel;
    private final UpstreamHandler handler;
    private ScheduledFuture<?> timer;
    private boolean ended;

    private Departure(Pool pool, Assignment assignment, Channel channel, UpstreamHandler handler) {
        this.pool = pool;
        this.assignment = assignment;
        this.channel = channel;
        this.handler = handler;
    }

    /**
     * Takes over {@code connection}, whose request went out at {@code sentNanos}, and
     * {@code assignment}'s permit until the backend is done. Returns false, taking nothing, when the
     * pool frees a departed client's permit at once or the connection cannot be half-closed: the
     * caller then closes the connection and completes the permit itself.
     */
    static boolean hold(Pool pool, Assignment assignment, Channel connection, long sentNanos) {
        if (!pool.config().holdPermitOnDeparture() || !(connection instanceof DuplexChannel duplex)) {
            return false;
        }
        Departure departure = new Departure(pool, assignment, connection, UpstreamHandler.of(connection));
        long leftNanos = Math.max(0L,
                pool.config().responseTimeout().toNanos() - (pool.clock().nanoTime() - sentNanos));
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
        pool.complete(assignment, Outcome.IGNORED);
    }
}
