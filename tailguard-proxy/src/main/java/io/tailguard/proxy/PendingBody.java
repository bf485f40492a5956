package io.tailguard.proxy;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayList;
import java.util.List;

/**
 * Not thread-safe (confined to its exchange's event loop): the pieces of a request body read before
 * a backend connection took the request head. Most requests have none, so the list is made on the
 * first piece.
 */
final class PendingBody {

    private List<HttpContent> pieces;

    void add(HttpContent content) {
        if (pieces == null) {
            pieces = new ArrayList<>(2);
        }
        pieces.add(content);
    }

    /**
     * Writes the pieces, in order, to {@code channel} (not flushed) and forgets them; returns true if
     * they held the body's end.
     */
    boolean writeTo(Channel channel) {
        boolean ended = false;
        if (pieces != null) {
            for (HttpContent content : pieces) {
                ended |= content instanceof LastHttpContent;
                channel.write(content, channel.voidPromise());
            }
            pieces = null;
        }
        return ended;
    }

    /** Releases the pieces (the request was answered or given up). */
    void release() {
        if (pieces != null) {
            for (HttpContent content : pieces) {
                ReferenceCountUtil.release(content);
            }
            pieces = null;
        }
    }
}
