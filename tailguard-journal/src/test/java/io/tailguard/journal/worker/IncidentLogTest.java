package io.tailguard.journal.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IncidentLogTest {

    private final List<String> lines = new ArrayList<>();
    private final IncidentLog log = new IncidentLog((m, c) -> lines.add(m), "replication to r:1");

    @Test
    void aRepeatedProblemIsLoggedOnceThenCountedWhenItEnds() {
        log.report("down", "cannot connect: Connection refused");
        log.report("down", "cannot connect: Connection refused");
        log.report("down", "cannot connect: Connection refused");
        assertThat(lines).containsExactly("cannot connect: Connection refused");
        assertThat(log.latest()).isEqualTo("cannot connect: Connection refused");
        log.resolved("connected");
        assertThat(lines).containsExactly("cannot connect: Connection refused",
                "replication to r:1: \"cannot connect: Connection refused\" happened 3 times in a row; then connected");
        assertThat(log.latest()).isNull();
    }

    @Test
    void aDifferentProblemClosesTheCountOfThePreviousOneAndIsLoggedAtOnce() {
        log.report("down", "refused 1");
        log.report("down", "refused 2");
        log.report("ahead", "holds records this journal never wrote");
        assertThat(lines).containsExactly("refused 1",
                "replication to r:1: 2 problems of one kind (down) in a row, the first \"refused 1\", the last "
                        + "\"refused 2\"; then a different problem followed",
                "holds records this journal never wrote");
        assertThat(log.latest()).isEqualTo("holds records this journal never wrote");
    }

    @Test
    void repeatsThatDifferInDetailAreNotCountedAsCopiesOfTheFirst() {
        log.report("handshake-timeout", "no complete PRIMARY HELLO (0 of 32 bytes arrived)");
        log.report("handshake-timeout", "no complete PRIMARY HELLO (31 of 32 bytes arrived)");
        log.report("handshake-timeout", "no complete PRIMARY HELLO (0 of 32 bytes arrived)");
        log.resolved("a primary connected");
        assertThat(lines).containsExactly("no complete PRIMARY HELLO (0 of 32 bytes arrived)",
                "replication to r:1: 3 problems of one kind (handshake-timeout) in a row, the first \"no complete "
                        + "PRIMARY HELLO (0 of 32 bytes arrived)\", the last \"no complete PRIMARY HELLO (0 of 32 "
                        + "bytes arrived)\"; then a primary connected");
    }

    @Test
    void aProblemSeenOnceNeedsNoCountAndAResolutionWithoutProblemsLogsNothing() {
        log.resolved("connected");
        log.report("down", "once");
        log.resolved("connected");
        assertThat(lines).containsExactly("once");
    }
}
