package io.tailguard.proxy.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import org.junit.jupiter.api.Test;

/** A response is relayed only under no transfer coding or chunked alone. */
class BackendCodecTest {

    private static HttpResponse withCodings(String... values) {
        HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        for (String value : values) {
            response.headers().add("Transfer-Encoding", value);
        }
        return response;
    }

    @Test
    void noCodingOrChunkedAloneIsRelayed() {
        assertThat(BackendCodec.unrelayableCoding(withCodings())).isFalse();
        assertThat(BackendCodec.unrelayableCoding(withCodings("chunked"))).isFalse();
        assertThat(BackendCodec.unrelayableCoding(withCodings("Chunked"))).isFalse();
    }

    @Test
    void anyOtherCodingIsNot() {
        assertThat(BackendCodec.unrelayableCoding(withCodings("gzip"))).isTrue();
        assertThat(BackendCodec.unrelayableCoding(withCodings("gzip, chunked"))).isTrue();
        assertThat(BackendCodec.unrelayableCoding(withCodings("gzip", "chunked"))).isTrue();
        assertThat(BackendCodec.unrelayableCoding(withCodings("chunked", "chunked"))).isTrue();
    }
}
