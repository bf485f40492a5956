package io.tailguard.lab.live.process;

import io.tailguard.lab.LabUsageException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Thread-safe (stateless) lookup of the external programs a live experiment runs. Searches
 * {@code PATH} and then the sbin directories, because Debian installs {@code nginx} and
 * {@code haproxy} in {@code /usr/sbin}, which is not on an ordinary user's {@code PATH}.
 */
public final class Executables {

    private static final List<String> SBIN = List.of("/usr/local/sbin", "/usr/sbin", "/sbin");

    private Executables() {
    }

    /** Returns the path of {@code program}, if it is installed and executable. */
    public static Optional<Path> find(String program) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(File.pathSeparator)));
        }
        dirs.addAll(SBIN);
        for (String dir : dirs) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * Returns the path of {@code program} or says which Debian package to install.
     *
     * @param packages the Debian packages that provide it, for the message
     * @throws LabUsageException "nginx is not installed: install the Debian package nginx
     *                           (apt-get install nginx)"
     */
    public static Path require(String program, String packages) {
        String noun = packages.contains(" ") ? "packages " : "package ";
        return find(program).orElseThrow(() -> new LabUsageException(program + " must be installed but was "
                + "not found on PATH or in /usr/sbin: install the Debian " + noun + packages
                + " (apt-get install " + packages + ")"));
    }
}
