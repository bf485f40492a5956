package io.tailguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The proxy command's usage errors: one line naming what was wrong, exit 2, nothing started. */
class ProxyCommandTest {

    private final CliRun cli = new CliRun();

    private static void assertUsageError(String line, String... args) {
        CliRun run = new CliRun();
        assertThat(run.run(args)).isEqualTo(2);
        assertThat(run.err().lines()).containsExactly("tailguard: " + line);
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aConfigFileWithAnUnknownKeyNamesItsPath(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("proxy.yaml"),
                "pools:\n  app:\n    backends: [127.0.0.1:9292]\n    max-conn: 1\n");
        assertThat(cli.run("proxy", "--config", config.toString())).isEqualTo(2);
        assertThat(cli.err()).startsWith("tailguard: pools.app.max-conn is not a known setting (did you mean max-conns?); allowed here: ");
        assertThat(cli.err().lines()).hasSize(1);
    }

    @Test
    void aMissingConfigFileIsAUsageError(@TempDir Path dir) {
        Path missing = dir.resolve("none.yaml");
        assertThat(cli.run("proxy", "--config", missing.toString())).isEqualTo(2);
        assertThat(cli.err()).startsWith("tailguard: --config must be a readable file but was " + missing);
    }

    @Test
    void theOneLineFormNeedsABackendAndValidValues() {
        assertUsageError("--backend must be given (HOST:PORT) unless --config is; see './tailguard proxy --help'",
                "proxy", "--listen", "127.0.0.1:0");
        assertUsageError("--max-conns must be from 1 to 65536 but was 0",
                "proxy", "--backend", "127.0.0.1:9292", "--max-conns", "0");
        assertUsageError("--queue-timeout must be a positive duration like 10s, 250ms or 500us but was 0s",
                "proxy", "--backend", "127.0.0.1:9292", "--queue-timeout", "0s");
        assertUsageError("--backend must be HOST:PORT with a port from 0 to 65535, e.g. 127.0.0.1:8080, but was x",
                "proxy", "--backend", "x");
    }

    @Test
    void configAndOneLineFlagsDoNotMix(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("proxy.yaml"), "pools:\n  a:\n    backends: [127.0.0.1:1]\n");
        assertUsageError("--config must be used alone but was combined with one-line flags (--listen, --backend, "
                + "--max-conns, --queue, --queue-timeout)", "proxy", "--config", config.toString(), "--queue", "2");
    }

    @Test
    void anAddressItCannotListenOnIsAUsageError() {
        assertThat(cli.run("proxy", "--listen", "192.0.2.1:8080", "--backend", "127.0.0.1:9292")).isEqualTo(2);
        assertThat(cli.err()).startsWith("tailguard: listen must be an address this host can listen on but was "
                + "192.0.2.1:8080");
        assertThat(cli.err().lines()).hasSize(1);
    }

    @Test
    void helpTeachesBothFormsWithExamples() {
        assertThat(cli.run("proxy", "--help")).isZero();
        assertThat(cli.out()).contains("tailguard proxy --listen 127.0.0.1:8080 --backend 127.0.0.1:9292",
                "tailguard proxy --config proxy.yaml", "X-Request-Timeout-Ms");
    }
}
