package io.tailguard.proxy.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;
import io.tailguard.proxy.config.ClientLimits;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A request that starts with the word HEAD fails as a HEAD even when its line cannot be parsed. */
class StrictRequestDecoderTest {

    /** Feeds {@code parts} one write each and returns the last request decoded, failed or not. */
    private static HttpRequest lastRequest(String... parts) {
        EmbeddedChannel channel = new EmbeddedChannel(new StrictRequestDecoder(ClientLimits.defaults()));
        for (String part : parts) {
            channel.writeInbound(Unpooled.copiedBuffer(part, StandardCharsets.ISO_8859_1));
        }
        HttpRequest last = null;
        for (Object message = channel.readInbound(); message != null; message = channel.readInbound()) {
            if (message instanceof HttpRequest request) {
                last = request;
            }
            ReferenceCountUtil.release(message);
        }
        channel.finishAndReleaseAll();
        return last;
    }

    @Test
    void anUnparsableLineThatStartsWithHeadFailsAsAHead() {
        HttpRequest request = lastRequest("HEAD\n /a HTTP/1.1\r\nHost: t\r\n\r\n");
        assertThat(request.decoderResult().isFailure()).isTrue();
        assertThat(request.method()).isEqualTo(HttpMethod.HEAD);

        request = lastRequest("\r\nHEAD Content-Length: 7\r\n/a HTTP/1.1\r\nHost: t\r\n\r\n");
        assertThat(request.decoderResult().isFailure()).isTrue();
        assertThat(request.method()).isEqualTo(HttpMethod.HEAD);
    }

    @Test
    void theWordIsReadAcrossWrites() {
        HttpRequest request = lastRequest("HE", "AD", "\n /a HTTP/1.1\r\n\r\n");
        assertThat(request.decoderResult().isFailure()).isTrue();
        assertThat(request.method()).isEqualTo(HttpMethod.HEAD);
    }

    @Test
    void otherUnparsableLinesAreNotHeads() {
        assertThat(lastRequest("HEADER\n /a HTTP/1.1\r\n\r\n").method()).isNotEqualTo(HttpMethod.HEAD);
        assertThat(lastRequest("GET\n /a HTTP/1.1\r\n\r\n").method()).isNotEqualTo(HttpMethod.HEAD);
    }

    @Test
    void aHeadAfterAWholeRequestIsSeenAsOne() {
        HttpRequest request = lastRequest("GET /a HTTP/1.1\r\nHost: t\r\n\r\nHEAD\n /b HTTP/1.1\r\n\r\n");
        assertThat(request.decoderResult().isFailure()).isTrue();
        assertThat(request.method()).isEqualTo(HttpMethod.HEAD);
    }
}
