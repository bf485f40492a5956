package io.tailguard.proxy;

import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.tailguard.proxy.config.ClientLimits;

/**
 * Not thread-safe (one per connection): Netty's request decoder with our limits, made strict about
 * request smuggling: a message with both {@code Content-Length} and {@code Transfer-Encoding} is a
 * decoding failure (answered 400 and closed) instead of Netty's default of dropping the length.
 */
final class StrictRequestDecoder extends HttpRequestDecoder {

    StrictRequestDecoder(ClientLimits limits) {
        super(new HttpDecoderConfig()
                .setMaxInitialLineLength(limits.maxInitialLine())
                .setMaxHeaderSize(limits.maxHeaderBytes())
                .setMaxChunkSize(8192)
                .setValidateHeaders(true)
                .setAllowDuplicateContentLengths(false));
    }

    @Override
    protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
        throw new IllegalArgumentException("Content-Length and Transfer-Encoding must not both be present");
    }
}
