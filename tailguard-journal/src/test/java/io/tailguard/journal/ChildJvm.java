package io.tailguard.journal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Not thread-safe test helper: starts a class of the test classpath in its own JVM (another process). */
public final class ChildJvm {

    private ChildJvm() {
    }

    /** Starts {@code main} with {@code args}; its standard error is discarded, its output is read by the caller. */
    public static Process start(Class<?> main, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                main.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }
}
