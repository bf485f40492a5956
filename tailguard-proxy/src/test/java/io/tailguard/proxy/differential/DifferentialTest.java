package io.tailguard.proxy.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.TestAbortedException;

/**
 * Every vector against a tailguard proxy of its own in front of a recording backend of its own,
 * over real sockets: the invariants, then the vector's own expectations. A vector marked with a
 * defect still open is skipped when it fails (and says how), and passes when it passes.
 */
class DifferentialTest {

    private static LogCapture logs;

    @BeforeAll
    static void captureLogs() {
        logs = new LogCapture();
    }

    @AfterAll
    static void releaseLogs() {
        logs.close();
    }

    @TestFactory
    Stream<DynamicTest> everyVectorKeepsTheInvariantsAndItsExpectations() {
        return Vectors.all().stream().map(vector -> DynamicTest.dynamicTest(vector.toString(), () -> run(vector)));
    }

    @Test
    void theSuiteHasAtLeastEightyVectorsOnBothSides() {
        List<Vector> all = Vectors.all();
        assertThat(all).hasSizeGreaterThanOrEqualTo(80);
        assertThat(all).filteredOn(v -> v.side().equals("request")).hasSizeGreaterThanOrEqualTo(30);
        assertThat(all).filteredOn(v -> v.side().equals("response")).hasSizeGreaterThanOrEqualTo(30);
    }

    private static void run(Vector vector) throws Exception {
        Outcome outcome;
        try (RecordingBackend backend = new RecordingBackend(0); Tailguard proxy = new Tailguard(backend.address())) {
            outcome = VectorRun.run(vector, proxy.address(), backend, proxy.accessLog(), logs);
        }
        List<String> failures = new ArrayList<>(Invariants.check(outcome));
        for (Expect expect : vector.expects()) {
            String failed = expect.check(outcome);
            if (failed != null) {
                failures.add(failed);
            }
        }
        if (!failures.isEmpty() && !vector.knownOpen().isEmpty()) {
            throw new TestAbortedException("open defect " + vector.knownOpen() + ": " + String.join("; ", failures));
        }
        assertThat(failures).as("%s%nwhat the clients saw:%n%s", vector, outcome.summary()).isEmpty();
    }
}
