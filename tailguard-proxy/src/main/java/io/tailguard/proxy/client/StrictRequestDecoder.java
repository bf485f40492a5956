package io.tailguard.proxy.client;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.LastHttpContent;
import io.tailguard.proxy.config.ClientLimits;
import java.util.List;

/**
 * Not thread-safe (one per connection): Netty's request decoder with our limits, strict about request
 * smuggling whatever the process-wide defaults say: a message with both {@code Content-Length} and
 * {@code Transfer-Encoding}, several different lengths, or a transfer coding that does not end in
 * chunked is a decoding failure, which the proxy answers with 400 and a close (RFC 9112 §6.1). A
 * request that starts with the word {@code HEAD} but cannot be parsed still fails as a HEAD, so that
 * its 400 has no body: its client reads the answer as a HEAD's (RFC 9110 §9.3.2).
 */
public final class StrictRequestDecoder extends HttpRequestDecoder {

    private static final byte[] HEAD = {'H', 'E', 'A', 'D'};

    /** No message is in progress: the next bytes start a request line. */
    private boolean betweenMessages = true;
    /** The request line that the bytes start begins with the word HEAD. */
    private boolean headLine;

    /** Creates a decoder that holds request lines and heads to {@code limits}. */
    public StrictRequestDecoder(ClientLimits limits) {
        super(new HttpDecoderConfig()
                .setMaxInitialLineLength(limits.maxInitialLine())
                .setMaxHeaderSize(limits.maxHeaderBytes())
                .setMaxChunkSize(8192)
                .setValidateHeaders(true)
                .setAllowDuplicateContentLengths(false)
                .setUseRfc9112TransferEncoding(true));
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
        if (betweenMessages) {
            headLine = startsWithHead(buffer);
        }
        int before = out.size();
        super.decode(ctx, buffer, out);
        for (int i = before; i < out.size(); i++) {
            Object decoded = out.get(i);
            if (decoded instanceof LastHttpContent) {
                betweenMessages = true;
            } else if (decoded instanceof HttpMessage) {
                betweenMessages = false;
            }
        }
    }

    /** True if, past what the decoder skips before a request line, the bytes read {@code HEAD} and a separator. */
    private static boolean startsWithHead(ByteBuf buffer) {
        int i = buffer.readerIndex();
        int end = buffer.writerIndex();
        while (i < end && (Character.isWhitespace(buffer.getByte(i)) || Character.isISOControl(buffer.getByte(i)))) {
            i++;
        }
        if (end - i <= HEAD.length) {
            return false;
        }
        for (byte b : HEAD) {
            if (buffer.getByte(i++) != b) {
                return false;
            }
        }
        byte next = buffer.getByte(i);
        return next == ' ' || next == '\r' || next == '\n';
    }

    @Override
    protected HttpMessage createInvalidMessage() {
        HttpMessage message = super.createInvalidMessage();
        if (headLine && message instanceof HttpRequest request) {
            request.setMethod(HttpMethod.HEAD);
        }
        return message;
    }
}
