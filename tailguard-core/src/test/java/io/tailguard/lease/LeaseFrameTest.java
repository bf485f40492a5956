package io.tailguard.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LeaseFrameTest {

    @Test
    void aStreamLineRoundTrips() {
        LeaseFrame frame = LeaseFrame.granted("ab12-3", new Lease(100, Duration.ofSeconds(1)));
        assertThat(frame.toLine()).isEqualTo("id=ab12-3 requests=100 ttl-ms=1000");
        assertThat(LeaseFrame.parse(frame.toLine())).isEqualTo(frame);
        assertThat(frame.lease()).isEqualTo(new Lease(100, Duration.ofSeconds(1)));
    }

    @Test
    void theHeaderCarriesWhatIsLeft() {
        LeaseFrame frame = new LeaseFrame("x", 100, 412, 37);
        assertThat(frame.toHeader()).isEqualTo("id=x requests=100 ttl-ms=412 remaining=37");
        assertThat(LeaseFrame.parse(frame.toHeader())).isEqualTo(frame);
    }

    @Test
    void ignoresFieldsOfLaterVersionsAndExtraSpaces() {
        assertThat(LeaseFrame.parse("  id=x  rank=3 requests=5 ttl-ms=10 \r"))
                .isEqualTo(new LeaseFrame("x", 5, 10, 5));
    }

    @Test
    void refusesIncompleteOrMalformedLeases() {
        assertThatThrownBy(() -> LeaseFrame.parse("id=x requests=5"))
                .hasMessage("lease must have id=, requests= and ttl-ms= but was 'id=x requests=5'");
        assertThatThrownBy(() -> LeaseFrame.parse("id=x requests=-5 ttl-ms=1"))
                .hasMessageStartingWith("requests must be a whole number but was '-5'");
        assertThatThrownBy(() -> LeaseFrame.parse("id=x requests=0 ttl-ms=1"))
                .hasMessage("allowedRequests must be >= 1 but was 0");
        assertThatThrownBy(() -> LeaseFrame.parse("id=a;b requests=1 ttl-ms=1"))
                .hasMessage("id must be 1 or more of [A-Za-z0-9._-] but was 'a;b'");
    }
}
