package io.tailguard.proxy.upstream;

import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;

/**
 * Not thread-safe (called on the backend connection's event loop): whatever a backend connection's
 * response goes to: one attempt's {@code Forward}, or a {@link Departure} that drains it for a client that left.
 */
public interface UpstreamLeg {

    /** An interim (1xx, not 101) response; the final one follows on the same connection. */
    void onInterimResponse(HttpResponse interim);

    /** The final response's head. */
    void onResponseHead(HttpResponse response);

    /** A piece of the response body; the last one is a {@code LastHttpContent}. */
    void onResponseContent(HttpContent content);

    /**
     * The backend's answer could not be parsed (or was a 101 nobody asked for); the connection is
     * already closed and will not report {@link #onUpstreamLost}.
     */
    void onMalformedResponse();

    /** The connection closed or failed before the response ended. */
    void onUpstreamLost();

    /** The connection can take more of the request body. */
    void upstreamWritable();

    /** True while the connection's bytes should be read. */
    boolean wantsResponseBytes();
}
