package io.tailguard.proxy;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayList;
import java.util.List;

/**
 * Not thread-safe (confined to its exchange's event loop): the pieces of a request body read before
 * a backend connection took the request head. Most requests have none, so the list is made on the
 * first piece. Small pieces are copied, in order, into one buffer of their own: the decoder's pieces
 * are slices of the buffer a read filled, so a body kept as many tiny chunks (a slow chunked
 * uploader's) would otherwise hold a whole read buffer per byte.
 */
final class PendingBody {

    /** A piece smaller than this is copied; a larger one is kept as it is. */
    static final int COPY_BELOW = 1024;

    private List<HttpContent> pieces;
    /** Small pieces copied since the last kept one, not yet in {@link #pieces}. */
    private ByteBuf small;

    void add(HttpContent content) {
        ByteBuf bytes = content.content();
        if (!(content instanceof LastHttpContent) && bytes.readableBytes() < COPY_BELOW) {
            if (small == null) {
                small = bytes.alloc().buffer(COPY_BELOW);
            }
            small.writeBytes(bytes);
            content.release();
            return;
        }
        keepSmall();
        keep(content);
    }

    private void keepSmall() {
        if (small != null) {
            keep(new DefaultHttpContent(small));
            small = null;
        }
    }

    private void keep(HttpContent content) {
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
        keepSmall();
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
        keepSmall();
        if (pieces != null) {
            for (HttpContent content : pieces) {
                ReferenceCountUtil.release(content);
            }
            pieces = null;
        }
    }
}
