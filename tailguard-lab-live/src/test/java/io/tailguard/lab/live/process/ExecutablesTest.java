package io.tailguard.lab.live.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.lab.LabUsageException;
import org.junit.jupiter.api.Test;

class ExecutablesTest {

    @Test
    void findsAProgramOnThePath() {
        assertThat(Executables.find("sh")).isPresent();
    }

    @Test
    void aMissingProgramNamesTheDebianPackagesToInstall() {
        assertThatThrownBy(() -> Executables.require("no-such-server-tg", "puma ruby-rack"))
                .isInstanceOf(LabUsageException.class)
                .hasMessage("no-such-server-tg must be installed but was not found on PATH or in /usr/sbin: "
                        + "install the Debian packages puma ruby-rack (apt-get install puma ruby-rack)");
    }

    @Test
    void freePortsAreOnTheLoopbackRange() {
        assertThat(FreePort.next()).isBetween(1, 65535);
    }
}
