package io.tailguard.lab.live.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerProcessTest {

    @Test
    void aServerThatExitsBeforeListeningIsReportedWithItsOutputAndItsDirectoryRemoved() {
        Launch launch = Launch.prepare("failing");
        launch.write("note.txt", "x");
        assertThatThrownBy(() -> launch.start(List.of("sh", "-c", "echo \"bind failed: $REASON\"; exit 3"),
                line -> { }, Map.of("REASON", "port in use")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("failing exited with code 3 before listening on 127.0.0.1:" + launch.port())
                .hasMessageContaining("bind failed: port in use");
        assertThat(Files.exists(launch.dir())).isFalse();
    }
}
