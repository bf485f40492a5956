package io.tailguard.proxy;

import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.tailguard.proxy.config.ClientLimits;

/**
 * Not thread-safe (one per connection): Netty's request decoder with our limits, strict about request
 * smuggling whatever the process-wide defaults say: a message with both {@code Content-Length} and
 * {@code Transfer-Encoding}, several different lengths, or a transfer coding that does not end in
 * chunked is a decoding failure, which the proxy answers with 400 and a close (RFC 9112 §6.1).
 */
final class StrictRequestDecoder extends HttpRequestDecoder {

    StrictRequestDecoder(ClientLimits limits) {
        super(new HttpDecoderConfig()
                .setMaxInitialLineLength(limits.maxInitialLine())
                .setMaxHeaderSize(limits.maxHeaderBytes())
                .setMaxChunkSize(8192)
                .setValidateHeaders(true)
                .setAllowDuplicateContentLengths(false)
                .setUseRfc9112TransferEncoding(true));
    }
}
