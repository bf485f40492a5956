package io.tailguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HostPortTest {

    @Test
    void readsTheHostAndThePortAfterTheLastColon() {
        assertThat(HostPort.parse("127.0.0.1:8080")).contains(new InetSocketAddress("127.0.0.1", 8080));
        assertThat(HostPort.parse("localhost:0")).contains(new InetSocketAddress("localhost", 0));
        assertThat(HostPort.parse("::1:65535")).contains(new InetSocketAddress("::1", 65_535));
    }

    @ParameterizedTest
    @ValueSource(strings = {"8080", ":8080", "host:", "host:x", "host:-1", "host:65536", "host:99999999999"})
    void refusesWhatIsNotAHostThenAPort(String text) {
        assertThat(HostPort.parse(text)).isEmpty();
    }

    @Test
    void refusesNothingAtAll() {
        assertThat(HostPort.parse(null)).isEmpty();
    }
}
