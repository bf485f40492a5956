package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PendingBodyTest {

    /** A one-byte piece that is a slice of a larger read buffer, as the decoder makes them. */
    private static HttpContent sliceOf(ByteBuf read, char c) {
        read.writeByte(c);
        return new DefaultHttpContent(read.retainedSlice(read.writerIndex() - 1, 1));
    }

    @Test
    void tinyPiecesAreCopiedSoTheReadBuffersTheyCameFromAreFreed() {
        PendingBody body = new PendingBody();
        List<ByteBuf> reads = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            ByteBuf read = Unpooled.buffer(2048);
            body.add(sliceOf(read, (char) ('a' + i % 26)));
            read.release(); // the decoder's own reference
            reads.add(read);
        }
        assertThat(reads).allSatisfy(read -> assertThat(read.refCnt()).isZero());
        body.release();
    }

    @Test
    void writesSmallAndLargePiecesInOrderAndSaysWhetherTheEndWasAmongThem() {
        PendingBody body = new PendingBody();
        body.add(new DefaultHttpContent(Unpooled.copiedBuffer("ab", StandardCharsets.US_ASCII)));
        body.add(new DefaultHttpContent(Unpooled.copiedBuffer("x".repeat(PendingBody.COPY_BELOW),
                StandardCharsets.US_ASCII)));
        body.add(new DefaultHttpContent(Unpooled.copiedBuffer("c", StandardCharsets.US_ASCII)));
        body.add(new DefaultLastHttpContent(Unpooled.copiedBuffer("d", StandardCharsets.US_ASCII)));
        EmbeddedChannel channel = new EmbeddedChannel();
        assertThat(body.writeTo(channel)).isTrue();
        channel.flush();
        StringBuilder written = new StringBuilder();
        boolean endLast = false;
        for (Object out = channel.readOutbound(); out != null; out = channel.readOutbound()) {
            HttpContent content = (HttpContent) out;
            written.append(content.content().toString(StandardCharsets.US_ASCII));
            endLast = content instanceof LastHttpContent;
            content.release();
        }
        assertThat(written.toString()).isEqualTo("ab" + "x".repeat(PendingBody.COPY_BELOW) + "cd");
        assertThat(endLast).isTrue();
        assertThat(body.writeTo(channel)).as("forgotten once written").isFalse();
        channel.finishAndReleaseAll();
    }
}
