package io.tailguard.proxy.upstream;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.CombinedChannelDuplexHandler;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestEncoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.Iterator;
import java.util.List;

/**
 * Not thread-safe (one per backend connection, on its event loop): the HTTP/1.1 codec of a backend
 * connection, which also knows where the bytes it received stand. It tells whether a response ended
 * at a clean message boundary (nothing received beyond it), and whether any byte at all came since
 * a request went out: the two facts that decide if the connection may be reused and if a request may
 * be sent again (RFC 9112 §9.3, §9.6). Responses are decoded as strictly as requests: two lengths,
 * a length with a transfer coding, a status code that is not three digits (RFC 9112 §4), or an
 * oversized head are decoding failures.
 */
final class BackendCodec extends CombinedChannelDuplexHandler<BackendCodec.Decoder, BackendCodec.Encoder> {

    BackendCodec() {
        Decoder decoder = new Decoder();
        init(decoder, new Encoder(decoder));
    }

    /** True if the last response ended and no byte beyond its end has been received. */
    boolean atMessageBoundary() {
        return inboundHandler().atBoundary && !inboundHandler().holdsBytes();
    }

    /** True if any byte arrived since the last request head went out. */
    boolean receivedSinceRequest() {
        return inboundHandler().received;
    }

    /**
     * True if the response's {@code Transfer-Encoding} is anything but {@code chunked} alone. A final
     * coding other than chunked means a body that runs to the close (RFC 9112 §6.3), whose coding the
     * proxy would drop when it frames the body anew; it answers 502 instead, as HAProxy 2.6 does.
     */
    static boolean unrelayableCoding(HttpResponse response) {
        if (!response.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)) {
            return false; // most responses: answered without the iterator (Netty's getAll would build a list)
        }
        Iterator<String> codings = response.headers().valueStringIterator(HttpHeaderNames.TRANSFER_ENCODING);
        String first = codings.next();
        return codings.hasNext() || !HttpHeaderValues.CHUNKED.contentEqualsIgnoreCase(first.trim());
    }

    /** Not thread-safe: the response decoder, told by the encoder whether the request was a HEAD. */
    static final class Decoder extends HttpResponseDecoder {
        private boolean headRequest;
        private boolean atBoundary = true;
        private boolean received;

        Decoder() {
            super(new HttpDecoderConfig()
                    .setValidateHeaders(true)
                    .setAllowDuplicateContentLengths(false)
                    .setUseRfc9112TransferEncoding(true));
        }

        /** Refuses a status code that is not exactly three digits, which Netty would parse as a number. */
        @Override
        protected HttpMessage createMessage(String[] initialLine) {
            String code = initialLine[1];
            // RFC 9110 section 15: three digits, 100 to 599 (a 000 or 099 would reach the client as 0 or 99)
            if (code.length() != 3 || code.charAt(0) < '1' || code.charAt(0) > '5' || !Character.isDigit(code.charAt(1))
                    || !Character.isDigit(code.charAt(2))) {
                throw new IllegalArgumentException("status code must be three digits from 100 to 599 but was " + code);
            }
            return super.createMessage(initialLine);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (msg instanceof ByteBuf bytes && bytes.isReadable()) {
                received = true;
                atBoundary = false; // until the decoder says a message ended here
            }
            super.channelRead(ctx, msg);
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
            int before = out.size();
            super.decode(ctx, buffer, out);
            if (out.size() > before) {
                Object last = out.get(out.size() - 1);
                atBoundary = last instanceof LastHttpContent && !interimEnd(out, before);
            }
        }

        /** True if the message that just ended is a 1xx: the exchange goes on to its final response. */
        private static boolean interimEnd(List<Object> out, int from) {
            for (int i = out.size() - 1; i >= from; i--) {
                if (out.get(i) instanceof HttpResponse response) {
                    return response.status().code() < 200;
                }
            }
            return false;
        }

        boolean holdsBytes() {
            return internalBuffer().isReadable();
        }

        @Override
        protected boolean isContentAlwaysEmpty(HttpMessage msg) {
            if (headRequest && msg instanceof HttpResponse response && response.status().code() >= 200) {
                return true;
            }
            return super.isContentAlwaysEmpty(msg);
        }
    }

    /** Not thread-safe: the request encoder, which tells the decoder what the next response answers. */
    static final class Encoder extends HttpRequestEncoder {
        private final Decoder decoder;

        Encoder(Decoder decoder) {
            this.decoder = decoder;
        }

        @Override
        protected void encodeInitialLine(ByteBuf buf, HttpRequest request) throws Exception {
            decoder.headRequest = request.method().equals(HttpMethod.HEAD);
            decoder.received = false;
            super.encodeInitialLine(buf, request);
        }
    }
}
