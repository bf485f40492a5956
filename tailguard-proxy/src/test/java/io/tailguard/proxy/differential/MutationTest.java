package io.tailguard.proxy.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MutationTest {

    private static final String HEAD = "GET /d/m1 HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello";
    private static final int FROM = HEAD.indexOf("/d/m1");
    private static final int TO = FROM + "/d/m1 ".length();

    @Test
    void everyKindChangesTheTextAndNeverTheProtectedSpan() {
        for (Mutation.Kind kind : Mutation.Kind.values()) {
            for (int position = 0; position < 10_000; position += 333) {
                Mutation mutation = new Mutation(kind, position, 7, 3);
                String mutated = Mutation.apply(HEAD, FROM, TO, List.of(mutation));
                assertThat(mutated).as("%s", mutation).contains("/d/m1 ").isNotEqualTo(HEAD);
            }
        }
    }

    @Test
    void aDigitChangeGrowsOrReplacesTheNextDigit() {
        assertThat(new Mutation(Mutation.Kind.CHANGE_DIGIT, 0, 1, 1).applyTo("Content-Length: 5", 0))
                .isEqualTo("Content-Length: 51");
        assertThat(new Mutation(Mutation.Kind.CHANGE_DIGIT, 0, 8, 1).applyTo("Content-Length: 5", 0))
                .isEqualTo("Content-Length: 8");
    }

    @Test
    void aDuplicatedLineAppearsTwiceAndADeletedOneIsGone() {
        assertThat(new Mutation(Mutation.Kind.DUPLICATE_LINE, 0, 0, 1).applyTo("A: 1\r\nB: 2\r\n", 7))
                .isEqualTo("A: 1\r\nB: 2\r\nB: 2\r\n");
        assertThat(new Mutation(Mutation.Kind.DELETE_LINE, 0, 0, 1).applyTo("A: 1\r\nB: 2\r\n", 7))
                .isEqualTo("A: 1\r\n");
    }
}
