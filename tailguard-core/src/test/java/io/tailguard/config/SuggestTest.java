package io.tailguard.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestTest {

    private static final List<String> EXPERIMENTS = List.of("backpressure", "adaptive", "leases", "shedding",
            "hedged-requests");

    @Test
    void countsInsertionsDeletionsAndSubstitutions() {
        assertThat(Suggest.distance("backpresure", "backpressure")).isEqualTo(1);
        assertThat(Suggest.distance("max-con", "max-connections")).isEqualTo(8);
        assertThat(Suggest.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(Suggest.distance("", "abc")).isEqualTo(3);
    }

    @Test
    void suggestsAMisspeltName() {
        assertThat(Suggest.closest("backpresure", EXPERIMENTS)).containsExactly("backpressure");
        assertThat(Suggest.didYouMean("lease", EXPERIMENTS)).isEqualTo("; did you mean leases?");
    }

    @Test
    void suggestsALongerNameThatBeginsWithTheTypedOne() {
        assertThat(Suggest.closest("--redis", List.of("--redis-uri", "--key", "--rate"))).containsExactly("--redis-uri");
        assertThat(Suggest.closest("max-con", List.of("max-connections", "workers", "queue"))).containsExactly(
                "max-connections");
    }

    @Test
    void suggestsNothingWhenNothingIsClose() {
        assertThat(Suggest.closest("--bogus", List.of("--rate", "--size", "--duration"))).isEmpty();
        assertThat(Suggest.didYouMean("zzz", EXPERIMENTS)).isEmpty();
    }

    @Test
    void putsTheClosestFirstAndKeepsThree() {
        assertThat(Suggest.closest("rate", List.of("ratelimit", "rather", "rates", "late", "queue")))
                .containsExactly("late", "rates", "rather");
    }
}
