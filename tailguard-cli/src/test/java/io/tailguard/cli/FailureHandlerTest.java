package io.tailguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class FailureHandlerTest {

    private final StringWriter err = new StringWriter();
    private final CommandLine cli = Main.commandLine();

    FailureHandlerTest() {
        cli.setErr(new PrintWriter(err, true));
    }

    @Test
    void aMessageOnSeveralLinesIsPrintedOnOneWithExitTwoForAUserMistake() {
        int code = new FailureHandler().handleExecutionException(
                new IllegalArgumentException("--config must be valid\n  line 3: tab\r\nnot allowed"), cli, null);
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("tailguard: --config must be valid line 3: tab not allowed"
                + System.lineSeparator());
    }

    @Test
    void aFailureWithoutAMessageIsNamedByItsKindWithExitOne() {
        int code = new FailureHandler().handleExecutionException(new IllegalStateException(), cli, null);
        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("tailguard: error: IllegalStateException" + System.lineSeparator());
    }
}
