package io.tailguard.proxy.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

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

    /** A mutation, the text it is applied to at an offset, and what it makes of it. */
    static Stream<Arguments> examples() {
        return Stream.of(
                Arguments.of("a digit change grows the next digit", new Mutation(Mutation.Kind.CHANGE_DIGIT, 0, 1, 1),
                        "Content-Length: 5", 0, "Content-Length: 51"),
                Arguments.of("a digit change replaces the next digit", new Mutation(Mutation.Kind.CHANGE_DIGIT, 0, 8, 1),
                        "Content-Length: 5", 0, "Content-Length: 8"),
                Arguments.of("a duplicated line appears twice", new Mutation(Mutation.Kind.DUPLICATE_LINE, 0, 0, 1),
                        "A: 1\r\nB: 2\r\n", 7, "A: 1\r\nB: 2\r\nB: 2\r\n"),
                Arguments.of("a deleted line is gone", new Mutation(Mutation.Kind.DELETE_LINE, 0, 0, 1),
                        "A: 1\r\nB: 2\r\n", 7, "A: 1\r\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void aMutationMakesWhatItsKindSays(String what, Mutation mutation, String text, int at, String expected) {
        assertThat(mutation.applyTo(text, at)).isEqualTo(expected);
    }
}
