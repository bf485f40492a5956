package io.tailguard.proxy;

import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;

/**
 * Not thread-safe (called on the backend connection's event loop): whatever a backend connection's
 * response goes to: an exchange's {@link Forward}, or one {@link HedgedForward} attempt until it wins.
 */
interface UpstreamLeg {

    /** The response head. */
    void onResponseHead(HttpResponse response);

    /** A piece of the response body; the last one is a {@code LastHttpContent}. */
    void onResponseContent(HttpContent content);

    /** The connection closed or failed before the response ended. */
    void onUpstreamLost();

    /** The connection can take more of the request body. */
    void upstreamWritable();

    /** True while the connection's bytes should be read. */
    boolean wantsResponseBytes();
}
